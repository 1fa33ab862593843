import TextField from '@mui/material/TextField';

interface NumberInputProps {
  id: string;
  label: string;
  value: number | undefined;
  onChange: (next: number | undefined) => void;
  integer?: boolean;
}

/** A limit: empty for none. */
export function NumberInput({ id, label, value, onChange, integer }: NumberInputProps) {
  return (
    <TextField
      id={id}
      label={label}
      type="number"
      value={value ?? ''}
      onChange={(event) => {
        const text = event.target.value.trim();
        const number = text === '' ? undefined : Number(text);
        onChange(number === undefined || Number.isFinite(number) ? number : value);
      }}
      slotProps={{ htmlInput: { step: integer ? 1 : 'any', inputMode: integer ? 'numeric' : 'decimal' } }}
      sx={{ minWidth: 140, flex: 1 }}
    />
  );
}

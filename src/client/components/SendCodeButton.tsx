import Button from '@mui/material/Button';

export interface SendCodeButtonProps {
  /** A code was sent: the fields it went for are kept as sent (read-only) until changed. */
  sent: boolean;
  busy: boolean;
  sendLabel: string;
  changeLabel: string;
  /** Frees the fields again (the code form goes). */
  onChange: () => void;
}

/** Under the fields a code is sent for: "Send code" (the form's submit), then a button to change them. */
export function SendCodeButton({ sent, busy, sendLabel, changeLabel, onChange }: SendCodeButtonProps) {
  return sent ? (
    <Button variant="outlined" onClick={onChange}>
      {changeLabel}
    </Button>
  ) : (
    <Button type="submit" variant="contained" disabled={busy}>
      {sendLabel}
    </Button>
  );
}

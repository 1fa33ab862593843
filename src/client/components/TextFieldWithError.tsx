import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type TextFieldWithErrorProps = Omit<TextFieldProps, 'error' | 'helperText' | 'slotProps'> & {
  /** Said under the field in place of its help, and announced; '' while the value is fine. */
  error?: string;
  /** Under the field while there is no error: a blank line by default (the layout does not jump); null for none. */
  help?: string | null;
  /** Attributes of the <input> (or <textarea>) itself. */
  htmlInput?: Record<string, unknown>;
};

/** A text field whose error replaces its help, marks it invalid and is announced when it appears. */
export function TextFieldWithError({ error = '', help = ' ', htmlInput, ...props }: TextFieldWithErrorProps) {
  return (
    <TextField
      {...props}
      error={Boolean(error)}
      helperText={error || (help ?? undefined)}
      slotProps={{ htmlInput, formHelperText: { role: error ? 'alert' : undefined } as object }}
    />
  );
}

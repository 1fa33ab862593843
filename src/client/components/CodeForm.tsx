import { useEffect, type ReactNode, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { CodeEntry } from './CodeEntry';

export interface CodeFormProps {
  /** Its ids: `${id}-code-title` (its heading) and `${id}-code` (the field). */
  id: string;
  title: string;
  /** Where the code went and how long it holds. */
  sent: string;
  /** The challenge answered: the focus goes into the field when the form shows, and again for each new one. */
  challenge: object;
  label?: string;
  code: string;
  onCode: (value: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  error: string;
  onVerify: () => void;
  verifyLabel: string;
  verifying: boolean;
  /** "Send a new code", beside Verify. */
  resend?: { label: string; onClick: () => void; busy: boolean };
  /** The page's main step (View): a larger Verify, and room under the row for what follows. */
  main?: boolean;
  /** Under the field and its buttons (a wait, other ways on). */
  children?: ReactNode;
}

/** The code sent by SMS, in a form of its own: its heading, where it went, the field, Verify. */
export function CodeForm(props: CodeFormProps) {
  const { id, inputRef, challenge, resend, main = false } = props;
  useEffect(() => inputRef.current?.focus(), [inputRef, challenge]);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onVerify();
      }}
      aria-labelledby={`${id}-code-title`}
    >
      <Typography component="h2" variant="h6" id={`${id}-code-title`} gutterBottom>
        {props.title}
      </Typography>
      <CodeEntry
        id={`${id}-code`}
        sent={props.sent}
        spaced={main}
        label={props.label}
        inputRef={inputRef}
        value={props.code}
        onChange={props.onCode}
        error={props.error}
      >
        <Button type="submit" variant="contained" size={main ? 'large' : undefined} disabled={props.verifying}>
          {props.verifyLabel}
        </Button>
        {resend && (
          <Button variant="text" onClick={resend.onClick} disabled={resend.busy}>
            {resend.label}
          </Button>
        )}
      </CodeEntry>
      {props.children}
    </Box>
  );
}

import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { FieldRow } from './FieldRow';
import { OneTimeCodeField, type OneTimeCodeFieldProps } from './OneTimeCodeField';

export interface CodeEntryProps extends OneTimeCodeFieldProps {
  /** Where the code went and how long it holds: announced when it appears. */
  sent: string;
  /** Room under the row (the page's main step, with more below it). */
  spaced?: boolean;
  /** The buttons beside the field (Verify, a new code). */
  children: ReactNode;
}

/** Where the code went, then the code's field with its buttons beside it (under it on a phone). */
export function CodeEntry({ sent, spaced = false, children, ...field }: CodeEntryProps) {
  return (
    <>
      <Typography role="status" sx={{ mb: 2 }}>
        {sent}
      </Typography>
      <FieldRow spaced={spaced}>
        <OneTimeCodeField {...field} />
        {children}
      </FieldRow>
    </>
  );
}

import { forwardRef } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useTranslation } from 'react-i18next';

export const DECLARATION_ID = 'declaration';

interface DeclarationCheckProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The message when Submit was pressed without it (the browser's check or the server's 422). */
  error?: string;
}

/**
 * The applicant's declaration before Submit (issue 17, item 9): required, sent as `declaration: true`
 * (src/shared/api/declaration.ts); the server refuses a submit without it.
 */
export const DeclarationCheck = forwardRef<HTMLInputElement, DeclarationCheckProps>(function DeclarationCheck(
  { checked, onChange, error },
  ref,
) {
  const { t } = useTranslation();
  const errorId = `${DECLARATION_ID}-error`;
  return (
    <FormControl error={Boolean(error)} required sx={{ mt: 2, display: 'block' }}>
      <FormControlLabel
        sx={{ alignItems: 'flex-start', mr: 0 }}
        control={
          <Checkbox
            id={DECLARATION_ID}
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            sx={{ mt: -0.75 }}
            slotProps={{
              input: {
                ref,
                'aria-required': true,
                'aria-invalid': Boolean(error) || undefined,
                'aria-describedby': error ? errorId : undefined,
              },
            }}
          />
        }
        label={t('wizard.declaration.label')}
      />
      {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
    </FormControl>
  );
});

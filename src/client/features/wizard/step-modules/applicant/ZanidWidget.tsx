import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../../../../shared/envelope';
import type { ApiFailure } from '../../../../app/api';
import { useAppDispatch, useAppSelector } from '../../../../app/hooks';
import type { StepFormContext } from '../../../../forms/StepForm';
import { DemoHint } from '../../DemoHint';
import { useVerifyZanidMutation } from '../../applications-api';
import { zanidVerified } from '../../wizard-slice';
import { fullName, isVerified, tidyZanid, ZANID_VERIFY_ID } from './zanid';

// The helpers are in a file of their own: the widget loads only when a step draws it (wizard-widgets.tsx).
export { fullName, isVerified, tidyZanid, ZANID_VERIFY_ID } from './zanid';

/**
 * The applicant step's ZanID field with its Verify ID button (spec sections 4 and 5). Verified, the
 * registry's names fill the step and become read-only; the server's message shows when it fails.
 */
export function ZanidWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const verified = useAppSelector((state) => state.wizard.zanid);
  const [verify, { isLoading }] = useVerifyZanidMutation();
  const [error, setError] = useState('');
  const context = props.registry.formContext as StepFormContext;
  const Text = props.registry.widgets.TextWidget!;
  const done = isVerified(verified, props.value);
  const errorId = `${props.id}-verify-error`;
  const statusId = `${props.id}-verify-status`;
  // The button the focus was on goes once verified (and comes back with "Use another ID"): the focus
  // moves to what replaces it instead of being lost to the page.
  const moveFocus = useRef<'status' | 'input' | null>(null);
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (moveFocus.current === 'status' && done) status.current?.focus();
    else if (moveFocus.current === 'input' && !done) document.getElementById(props.id)?.focus();
    else return;
    moveFocus.current = null;
  }, [done, props.id]);

  const onVerify = async () => {
    if (isLoading) return;
    setError('');
    // The field's text: Enter verifies before the form has heard of the last keys typed (PlainInput).
    const typed = (document.getElementById(props.id) as HTMLInputElement | null)?.value;
    const zanId = tidyZanid(typed ?? props.value);
    if (!zanId) return setError(t('wizard.zanid.enter_first'));
    try {
      const person = await verify({ zan_id: zanId }).unwrap();
      moveFocus.current = 'status';
      dispatch(zanidVerified({ ...person, zan_id: person.zan_id || zanId }));
      context.change({
        ...context.answers(),
        zan_id: person.zan_id || zanId,
        first_name: person.first_name,
        middle_name: person.middle_name ?? '',
        last_name: person.last_name,
      });
    } catch (failure) {
      moveFocus.current = null;
      const { message, data } = failure as ApiFailure;
      const first = (data as { errors?: FieldError[] } | undefined)?.errors?.[0]?.message;
      setError(first || message || t('errors.network'));
    }
  };

  return (
    <Box
      onKeyDown={(event) => {
        // Enter in the ID verifies it; it must not save the step.
        if (event.key === 'Enter' && !done && (event.target as HTMLElement).tagName === 'INPUT') {
          event.preventDefault();
          void onVerify();
        }
      }}
    >
      <Text {...props} readonly={props.readonly || done} />
      {!done && <DemoHint id={`${props.id}-demo-hint`} textKey="wizard.zanid.demo_hint" />}
      <Box sx={{ mt: 1 }}>
        {done ? (
          <Alert
            ref={status}
            id={statusId}
            severity="success"
            tabIndex={-1}
            sx={{ '&:focus-visible': { outline: '3px solid', outlineOffset: 2 } }}
            action={
              <Button
                color="inherit"
                onClick={() => {
                  moveFocus.current = 'input';
                  dispatch(zanidVerified(null));
                }}
              >
                {t('wizard.zanid.change')}
              </Button>
            }
          >
            {t('wizard.zanid.verified', { name: fullName(verified) })}
          </Alert>
        ) : (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button
              id={ZANID_VERIFY_ID}
              variant="outlined"
              onClick={() => void onVerify()}
              // Not disabled while checking: a disabled button drops the keyboard focus.
              disabled={props.disabled}
              aria-disabled={isLoading || undefined}
              aria-describedby={error ? errorId : undefined}
            >
              {t('wizard.zanid.verify')}
            </Button>
            {isLoading && <span role="status">{t('wizard.zanid.checking')}</span>}
          </Stack>
        )}
        {error && (
          <Alert id={errorId} severity="error" role="alert" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </Box>
    </Box>
  );
}

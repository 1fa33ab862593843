import { useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  nationalPhoneDigits,
  normalizeIdNumber,
  type FindReferenceAnswer,
  type FoundApplication,
} from '../../../shared/api/find-reference';
import type { ApiFailure } from '../../app/api';
import { PageHeading } from '../../components/PageHeading';
import { useFindReferenceMutation, useVerifyFindCodeMutation } from './find-reference-api';
import { FoundApplications } from './FoundApplications';

type Field = 'id_number' | 'phone' | 'code';

/**
 * /home/find_reference, "Forgot your reference number?": the ZanID or passport number and the phone
 * saved in the applications, then the code sent to that phone; the right code lists the applications
 * (kept in this page only, never stored), each leading to Continue (a draft) or View (submitted).
 */
export default function FindReferencePage() {
  const { t } = useTranslation();
  const [find, finding] = useFindReferenceMutation();
  const [verify, verifying] = useVerifyFindCodeMutation();
  const [idNumber, setIdNumber] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [challenge, setChallenge] = useState<FindReferenceAnswer | null>(null);
  const [found, setFound] = useState<FoundApplication[] | null>(null);
  const [error, setError] = useState<{ field: Field; message: string } | null>(null);
  const idNumberInput = useRef<HTMLInputElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (challenge && !found) codeInput.current?.focus();
  }, [challenge, found]);
  useEffect(() => {
    if (found) document.getElementById('found-title')?.focus();
  }, [found]);

  const fail = (field: Field, message: string) => {
    setError({ field, message });
    ({ id_number: idNumberInput, phone: phoneInput, code: codeInput })[field].current?.focus();
  };
  const serverMessage = (failure: unknown) => (failure as ApiFailure).message || t('errors.network');

  const onFind = async (event: { preventDefault(): void }, field: Field = 'id_number') => {
    event.preventDefault();
    setError(null);
    if (!normalizeIdNumber(idNumber)) return fail('id_number', t('find_reference.id_number_invalid'));
    if (!nationalPhoneDigits(phone)) return fail('phone', t('find_reference.phone_invalid'));
    try {
      setChallenge(await find({ id_number: idNumber.trim(), phone: phone.trim() }).unwrap());
      setFound(null);
      setCode('');
    } catch (failure) {
      fail(field, serverMessage(failure));
    }
  };

  const onVerify = async (event: FormEvent) => {
    event.preventDefault();
    if (!challenge) return;
    setError(null);
    if (code.trim() === '') return fail('code', t('find_reference.code_missing'));
    try {
      const answer = await verify({ challenge_id: challenge.challenge_id, code: code.trim() }).unwrap();
      setFound(answer.applications);
    } catch (failure) {
      fail('code', serverMessage(failure));
    }
  };

  const errorOf = (field: Field) => (error?.field === field ? error.message : '');
  return (
    <>
      <PageHeading titleKey="titles.find_reference">{t('titles.find_reference')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('find_reference.intro')}</Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void onFind(event)}
        sx={{ mb: 3, maxWidth: '32rem' }}
        aria-labelledby="find-form-title"
      >
        <Typography component="h2" variant="h6" id="find-form-title" gutterBottom>
          {t('find_reference.form_title')}
        </Typography>
        <Stack spacing={2}>
          <TextField
            id="find-id_number"
            inputRef={idNumberInput}
            label={t('find_reference.id_number')}
            value={idNumber}
            onChange={(event) => setIdNumber(event.target.value)}
            error={Boolean(errorOf('id_number'))}
            helperText={errorOf('id_number') || t('find_reference.id_number_help')}
            fullWidth
            slotProps={{
              htmlInput: {
                autoComplete: 'off',
                autoCapitalize: 'characters',
                spellCheck: false,
                maxLength: 20,
                readOnly: Boolean(challenge),
              },
              formHelperText: { role: errorOf('id_number') ? 'alert' : undefined } as object,
            }}
          />
          <TextField
            id="find-phone"
            inputRef={phoneInput}
            label={t('find_reference.phone')}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            error={Boolean(errorOf('phone'))}
            helperText={errorOf('phone') || t('find_reference.phone_help')}
            fullWidth
            slotProps={{
              htmlInput: {
                type: 'tel',
                inputMode: 'tel',
                autoComplete: 'tel',
                maxLength: 20,
                readOnly: Boolean(challenge),
              },
              formHelperText: { role: errorOf('phone') ? 'alert' : undefined } as object,
            }}
          />
          <div>
            {challenge ? (
              <Button
                variant="outlined"
                onClick={() => {
                  setChallenge(null);
                  setFound(null);
                  setError(null);
                  setTimeout(() => idNumberInput.current?.focus());
                }}
              >
                {t('find_reference.change')}
              </Button>
            ) : (
              <Button type="submit" variant="contained" disabled={finding.isLoading}>
                {t('find_reference.send_code')}
              </Button>
            )}
          </div>
        </Stack>
      </Box>
      {challenge && !found && (
        <Box component="form" noValidate onSubmit={(event) => void onVerify(event)} aria-labelledby="find-code-title">
          <Typography component="h2" variant="h6" id="find-code-title" gutterBottom>
            {t('find_reference.code_title')}
          </Typography>
          <Typography role="status" sx={{ mb: 2 }}>
            {t('find_reference.sent', { minutes: Math.round(challenge.expires_in_s / 60) })}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              id="find-code"
              inputRef={codeInput}
              label={t('find_reference.code')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={Boolean(errorOf('code'))}
              helperText={errorOf('code') || ' '}
              slotProps={{
                htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 10 },
                formHelperText: { role: errorOf('code') ? 'alert' : undefined } as object,
              }}
            />
            <Button type="submit" variant="contained" disabled={verifying.isLoading}>
              {t('find_reference.verify')}
            </Button>
            <Button variant="text" onClick={(event) => void onFind(event, 'code')} disabled={finding.isLoading}>
              {t('find_reference.resend')}
            </Button>
          </Stack>
        </Box>
      )}
      {found && <FoundApplications applications={found} />}
    </>
  );
}

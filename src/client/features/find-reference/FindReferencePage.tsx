import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  nationalPhoneDigits,
  normalizeIdNumber,
  type FindReferenceAnswer,
  type FoundApplication,
} from '../../../shared/api/find-reference';
import type { ApiFailure } from '../../app/api';
import { useFieldErrors } from '../../app/use-field-errors';
import { CodeForm } from '../../components/CodeForm';
import { PageHeading } from '../../components/PageHeading';
import { SendCodeButton } from '../../components/SendCodeButton';
import { TextFieldWithError } from '../../components/TextFieldWithError';
import { TYPED_FROM_PAPER } from '../../components/typed-from-paper';
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
  const { errorOf, fail, clear, inputs } = useFieldErrors<Field>(['id_number', 'phone', 'code']);

  useEffect(() => {
    if (found) document.getElementById('found-title')?.focus();
  }, [found]);

  const serverMessage = (failure: unknown) => (failure as ApiFailure).message || t('errors.network');

  /** Sends the code; again from the code form (errors then show at the code). */
  const onFind = async (field: Field = 'id_number') => {
    clear();
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

  const onVerify = async () => {
    if (!challenge) return;
    clear();
    if (code.trim() === '') return fail('code', t('find_reference.code_missing'));
    try {
      const answer = await verify({ challenge_id: challenge.challenge_id, code: code.trim() }).unwrap();
      setFound(answer.applications);
    } catch (failure) {
      fail('code', serverMessage(failure));
    }
  };

  return (
    <>
      <PageHeading titleKey="titles.find_reference">{t('titles.find_reference')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('find_reference.intro')}</Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onFind();
        }}
        sx={{ mb: 3, maxWidth: '32rem' }}
        aria-labelledby="find-form-title"
      >
        <Typography component="h2" variant="h6" id="find-form-title" gutterBottom>
          {t('find_reference.form_title')}
        </Typography>
        <Stack spacing={2}>
          <TextFieldWithError
            id="find-id_number"
            inputRef={inputs.id_number}
            label={t('find_reference.id_number')}
            value={idNumber}
            onChange={(event) => setIdNumber(event.target.value)}
            error={errorOf('id_number')}
            help={t('find_reference.id_number_help')}
            fullWidth
            htmlInput={{ ...TYPED_FROM_PAPER, readOnly: Boolean(challenge) }}
          />
          <TextFieldWithError
            id="find-phone"
            inputRef={inputs.phone}
            label={t('find_reference.phone')}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            error={errorOf('phone')}
            help={t('find_reference.phone_help')}
            fullWidth
            htmlInput={{
              type: 'tel',
              inputMode: 'tel',
              autoComplete: 'tel',
              maxLength: 20,
              readOnly: Boolean(challenge),
            }}
          />
          <div>
            <SendCodeButton
              sent={Boolean(challenge)}
              busy={finding.isLoading}
              sendLabel={t('find_reference.send_code')}
              changeLabel={t('find_reference.change')}
              onChange={() => {
                setChallenge(null);
                setFound(null);
                clear();
                setTimeout(() => inputs.id_number.current?.focus());
              }}
            />
          </div>
        </Stack>
      </Box>
      {challenge && !found && (
        <CodeForm
          id="find"
          title={t('find_reference.code_title')}
          sent={t('find_reference.sent', { minutes: Math.round(challenge.expires_in_s / 60) })}
          challenge={challenge}
          label={t('find_reference.code')}
          code={code}
          onCode={setCode}
          inputRef={inputs.code}
          error={errorOf('code')}
          onVerify={() => void onVerify()}
          verifyLabel={t('find_reference.verify')}
          verifying={verifying.isLoading}
          resend={{ label: t('find_reference.resend'), onClick: () => void onFind('code'), busy: finding.isLoading }}
        />
      )}
      {found && <FoundApplications applications={found} />}
    </>
  );
}

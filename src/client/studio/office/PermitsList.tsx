import { useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StaffApplication } from '../../../shared/api/back-office';
import { REVOKE_REASON_MAX_LENGTH } from '../../../shared/api/permits';
import { formatDay } from '../format-time';
import { FileViewer } from './FileViewer';
import { useGetPermitDocumentMutation, useRevokePermitMutation } from './office-api';
import { failureText, Outcome, type OutcomeState } from './Outcome';
import { base64File, useShownFile } from './staff-file';

type Permit = StaffApplication['permits'][number];

/** The application's permits, newest first: each opened as its PDF in the page, or revoked with a reason. */
export function PermitsList({ application }: { application: StaffApplication }) {
  const { t } = useTranslation('office');
  return (
    <Box component="section" aria-labelledby="permits-title" sx={{ mb: 3 }}>
      <Typography id="permits-title" component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('permits.title')}
      </Typography>
      {application.permits.length === 0 ? (
        <Typography>{t('permits.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {application.permits.map((permit) => (
            <PermitItem key={permit.permit_number} reference={application.reference_number} permit={permit} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function PermitItem({ reference, permit }: { reference: string; permit: Permit }) {
  const { t, i18n } = useTranslation('office');
  const [getDocument, getting] = useGetPermitDocumentMutation();
  const [revoke, revoking] = useRevokePermitMutation();
  const [shown, setShown] = useShownFile();
  const [askingReason, setAskingReason] = useState(false);
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<OutcomeState>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const revoked = permit.status === 'revoked';
  const open = async () => {
    const result = await getDocument({ permit_number: permit.permit_number });
    if ('error' in result) return setOutcome({ ok: false, text: failureText(result.error, t('viewer.failed')) });
    const file = base64File(result.data.content_base64, result.data.mime_type, result.data.file_name);
    if (!file) return setOutcome({ ok: false, text: t('viewer.failed') });
    setOutcome(null);
    setShown(file);
  };
  const submitRevoke = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setOutcome({ ok: false, text: t('permits.reason_needed') });
    const result = await revoke({
      reference_number: reference,
      revoke: { permit_number: permit.permit_number, reason: reason.trim() },
    });
    if ('error' in result)
      return setOutcome({ ok: false, text: failureText(result.error, t('permits.revoke_failed')) });
    setShown(null);
    setAskingReason(false);
    setOutcome({ ok: true, text: t('permits.revoked_done', { permit_number: permit.permit_number }) });
  };
  return (
    <Box component="li" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Typography component="h3" variant="h6">
        {t('permits.number', { permit_number: permit.permit_number })}
      </Typography>
      <Typography>
        {t('permits.validity', {
          from: formatDay(permit.valid_from, i18n.language),
          until: formatDay(permit.valid_until, i18n.language),
        })}
      </Typography>
      <Typography sx={{ fontWeight: 700 }}>{t(`permits.status.${permit.status}`)}</Typography>
      {!revoked && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          <Button
            ref={openButton}
            disabled={getting.isLoading}
            aria-label={t('permits.open_named', { permit_number: permit.permit_number })}
            onClick={() => void open()}
          >
            {t('permits.open')}
          </Button>
          {!askingReason && (
            <Button
              color="error"
              aria-label={t('permits.revoke_named', { permit_number: permit.permit_number })}
              onClick={() => setAskingReason(true)}
            >
              {t('permits.revoke')}
            </Button>
          )}
        </Box>
      )}
      {askingReason && !revoked && (
        <Box component="form" onSubmit={(event) => void submitRevoke(event)} sx={{ display: 'grid', gap: 1, mt: 1 }}>
          <TextField
            autoFocus
            label={t('permits.reason', { permit_number: permit.permit_number })}
            helperText={t('permits.reason_help')}
            multiline
            minRows={2}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: REVOKE_REASON_MAX_LENGTH } }}
          />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button type="submit" variant="contained" color="error" disabled={revoking.isLoading}>
              {t('permits.revoke_confirm')}
            </Button>
            <Button onClick={() => setAskingReason(false)}>{t('permits.cancel')}</Button>
          </Box>
        </Box>
      )}
      <Outcome outcome={outcome} />
      {shown && (
        <FileViewer
          file={shown}
          title={t('permits.number', { permit_number: permit.permit_number })}
          onClose={() => {
            setShown(null);
            openButton.current?.focus();
          }}
        />
      )}
    </Box>
  );
}

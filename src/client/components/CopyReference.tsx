import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * A reference number, large, with a button that copies it (the Clipboard API; where there is none,
 * plain http or an old browser, the number is selected for the device's own copy command). What
 * happened is announced in a live region.
 */
export function CopyReference({ referenceNumber, id }: { referenceNumber: string; id: string }) {
  const { t } = useTranslation();
  const number = useRef<HTMLParagraphElement>(null);
  const [copied, setCopied] = useState<'yes' | 'select' | ''>('');

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(referenceNumber);
      setCopied('yes');
    } catch {
      if (number.current) window.getSelection()?.selectAllChildren(number.current);
      setCopied('select');
    }
  };

  return (
    <>
      <Typography
        ref={number}
        id={id}
        component="p"
        sx={{ fontSize: { xs: '1.75rem', sm: '2.5rem' }, fontWeight: 700, fontFamily: 'monospace', my: 2 }}
      >
        {referenceNumber}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Button variant="contained" onClick={() => void copy()} aria-describedby={id}>
          {t('copy_reference.copy')}
        </Button>
        <Box role="status">{copied && t(copied === 'yes' ? 'copy_reference.copied' : 'copy_reference.select')}</Box>
      </Stack>
    </>
  );
}

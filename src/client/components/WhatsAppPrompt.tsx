import Fab from '@mui/material/Fab';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { useTranslation } from 'react-i18next';
import { useContact } from './contact';

/** Opens a WhatsApp chat with the configured support number and a prefilled message in the chosen language. */
export function WhatsAppPrompt() {
  const { t } = useTranslation();
  const { whatsapp } = useContact();
  if (!whatsapp) return null;
  const href = `https://wa.me/${whatsapp}?text=${encodeURIComponent(t('whatsapp.message'))}`;
  return (
    <Fab
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('whatsapp.button')}
      title={t('whatsapp.button')}
      sx={{
        position: 'fixed',
        right: 16,
        bottom: 16,
        bgcolor: '#075e54',
        color: '#fff',
        '&:hover': { bgcolor: '#054d44' },
      }}
    >
      <WhatsAppIcon />
    </Fab>
  );
}

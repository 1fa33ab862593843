import { useTranslation } from 'react-i18next';
import { useContact } from './contact';
import { Icon } from './Icon';

/** Opens a WhatsApp chat with the configured support number and a prefilled message in the chosen language. */
export function WhatsAppPrompt() {
  const { t } = useTranslation();
  const { whatsapp } = useContact();
  if (!whatsapp) return null;
  const href = `https://wa.me/${whatsapp}?text=${encodeURIComponent(t('whatsapp.message'))}`;
  return (
    <a
      className="k-whatsapp"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('whatsapp.button')}
      title={t('whatsapp.button')}
    >
      <Icon name="whatsapp" />
      <span className="k-whatsapp__text">{t('whatsapp.button')}</span>
    </a>
  );
}

import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../shared/reference-data';

/** English or Kiswahili, each named in its own language (and marked as such for screen readers). */
const NAMES: Record<Language, string> = { en: 'English', sw: 'Kiswahili' };

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('studio');
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={i18n.language}
      aria-label={t('app.language')}
      onChange={(_event, language: Language | null) => {
        if (language) void i18n.changeLanguage(language);
      }}
    >
      {LANGUAGES.map((language) => (
        <ToggleButton key={language} value={language} lang={language} sx={{ textTransform: 'none' }}>
          {NAMES[language]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

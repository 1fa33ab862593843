import { useState } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../shared/reference-data';

/**
 * English/Swahili, kept for the browser session (i18n.ts stores it and sets <html lang>). A native
 * select: the phone's own picker, and none of MUI's menu, popover and modal on every page. A language
 * not used yet is loaded first (app/i18n.ts): meanwhile the select shows the choice, the page the old one.
 */
export function LanguageSwitch({ id = 'language-switch', dark = false }: { id?: string; dark?: boolean }) {
  const { t, i18n } = useTranslation();
  const [choosing, setChoosing] = useState<string>();
  const choose = async (language: string) => {
    setChoosing(language);
    try {
      await i18n.changeLanguage(language);
    } finally {
      setChoosing(undefined);
    }
  };
  const colour = dark ? '#fff' : 'text.primary';
  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', minWidth: 130 }}>
      <Box component="label" htmlFor={id} sx={{ fontSize: '0.75rem', color: colour, lineHeight: 1.4 }}>
        {t('language.label')}
      </Box>
      <Box
        component="select"
        id={id}
        value={choosing ?? i18n.language}
        onChange={(e: React.ChangeEvent<HTMLSelectElement>) => void choose(e.target.value)}
        sx={{
          font: 'inherit',
          fontSize: '0.95rem',
          minHeight: 36,
          px: 1,
          borderRadius: 1,
          border: '1px solid',
          borderColor: dark ? 'rgba(255,255,255,0.8)' : 'rgba(0,0,0,0.45)',
          bgcolor: dark ? 'primary.main' : '#fff',
          color: colour,
          cursor: 'pointer',
          '&:focus-visible': { outline: '3px solid', outlineColor: dark ? '#fff' : 'primary.main', outlineOffset: 2 },
        }}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {t(`language.${lng}`)}
          </option>
        ))}
      </Box>
    </Box>
  );
}

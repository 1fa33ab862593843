import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../shared/reference-data';

/** English/Swahili, kept for the browser session (i18n.ts stores it and sets <html lang>). */
export function LanguageSwitch({ id = 'language-switch', dark = false }: { id?: string; dark?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <TextField
      select
      id={id}
      size="small"
      label={t('language.label')}
      value={i18n.language}
      onChange={(e) => void i18n.changeLanguage(e.target.value)}
      sx={{
        minWidth: 130,
        ...(dark && {
          '& .MuiInputBase-root': { color: '#fff' },
          '& .MuiInputLabel-root, & .MuiInputLabel-root.Mui-focused': { color: '#fff' },
          '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.7)' },
          '& .MuiSvgIcon-root': { color: '#fff' },
        }),
      }}
    >
      {LANGUAGES.map((lng) => (
        <MenuItem key={lng} value={lng} lang={lng}>
          {t(`language.${lng}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

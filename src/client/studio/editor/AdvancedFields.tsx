import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AdvancedField } from '../../../shared/api/studio';

/** The step's fields the question editor cannot express (tables, computed totals, own widgets): advanced mode only. */
export function AdvancedFields({ fields }: { fields: AdvancedField[] }) {
  const { t, i18n } = useTranslation('studio');
  if (fields.length === 0) return null;
  const lng = i18n.language === 'sw' ? 'sw' : 'en';
  return (
    <section aria-labelledby="advanced-fields-heading">
      <Typography id="advanced-fields-heading" component="h3" variant="h6">
        {t('editor.advanced_fields.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('editor.advanced_fields.explained')}
      </Typography>
      <ul>
        {fields.map((field) => (
          <li key={field.name}>
            {field.label[lng] || field.name} ({field.name}): {t(`editor.advanced_fields.kind.${field.kind}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}

import { useTranslation } from 'react-i18next';

/** The spec's empty-list text: "Sorry! No Records Found." (plain: shell.css, on MUI pages and plain ones alike) */
export function EmptyState() {
  const { t } = useTranslation();
  return (
    <p role="status" className="k-empty">
      {t('empty')}
    </p>
  );
}

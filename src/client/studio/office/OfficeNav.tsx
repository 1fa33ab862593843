import { useTranslation } from 'react-i18next';
import { OFFICE_PAGE } from '../../../shared/api/staff-session';
import { AreaNav } from '../AreaNav';

/** The officers' workspace's pages. */
export function OfficeNav() {
  const { t } = useTranslation('studio');
  const links = [
    { to: OFFICE_PAGE, label: t('nav.queue'), end: true },
    { to: `${OFFICE_PAGE}/mine`, label: t('nav.mine'), end: true },
    { to: `${OFFICE_PAGE}/messages`, label: t('nav.messages'), end: true },
    { to: `${OFFICE_PAGE}/money`, label: t('nav.money'), end: true },
  ];
  return <AreaNav label={t('nav.office_label')} links={links} maxWidth={1400} />;
}

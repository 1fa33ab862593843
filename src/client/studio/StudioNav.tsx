import { useTranslation } from 'react-i18next';
import { STUDIO_PAGE } from '../../shared/api/studio';
import { useStudioSelector } from './hooks';
import { AreaNav } from './AreaNav';
import { mayAudit } from './roles';

/** The studio's pages; the audit only for those who may read it. */
export function StudioNav() {
  const { t } = useTranslation('studio');
  const role = useStudioSelector((state) => state.staffSession.staff?.role);
  const links = [
    { to: STUDIO_PAGE, label: t('nav.overview'), end: true },
    { to: `${STUDIO_PAGE}/flows`, label: t('nav.flows') },
    { to: `${STUDIO_PAGE}/documents`, label: t('nav.documents') },
    { to: `${STUDIO_PAGE}/fees`, label: t('nav.fees') },
    { to: `${STUDIO_PAGE}/diff`, label: t('nav.diff') },
    { to: `${STUDIO_PAGE}/history`, label: t('nav.history') },
    { to: `${STUDIO_PAGE}/translations`, label: t('nav.translations') },
    ...(mayAudit(role) ? [{ to: `${STUDIO_PAGE}/audit`, label: t('nav.audit') }] : []),
  ];
  return <AreaNav label={t('nav.label')} links={links} maxWidth={1100} />;
}

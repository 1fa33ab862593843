import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { applicationTypeAt, type ApplicationType } from '../../../shared/wizard-driver';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PageHeading } from '../../components/PageHeading';
import { FormsLoadState } from '../../forms/FormsLoadState';
import { useForms } from '../../forms/forms-query';
import { useReopenDraft } from './use-reopen-draft';
import { useSubmittedRedirect } from './use-submitted-redirect';
import { WIZARD_NAMESPACES } from '../../forms/wizard-i18n';
import { opened } from './wizard-slice';
import { WizardFlow } from './WizardFlow';

// Only after a reload that finds a draft: the loading view, or the choice when it cannot be reopened.
const ReopenNotice = lazy(() => import('./ReopenNotice').then((m) => ({ default: m.ReopenNotice })));

const TITLE_KEYS: Record<ApplicationType, string> = {
  new: 'titles.new',
  government: 'wizard.government_title',
  repair: 'titles.maintenance',
  special: 'titles.no_drawings',
};

/** /home/new (?type=government), /home/maintenance (repair), /home/no_drawings (special). */
function useApplicationType(): ApplicationType {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  return applicationTypeAt(pathname, params.get('type')) ?? 'new';
}

/** The application wizard (loaded lazily: RJSF and the validators stay off the landing page). */
export default function WizardPage() {
  const type = useApplicationType();
  const { t } = useTranslation(WIZARD_NAMESPACES);
  const dispatch = useAppDispatch();
  const activeType = useAppSelector((state) => state.wizard.type);
  const forms = useForms();
  // The wizard renders in slices once the forms are in (a transition): a phone stays free meanwhile.
  const formsData = useDeferredValue(forms.data);
  useEffect(() => {
    dispatch(opened(type));
  }, [dispatch, type]);
  useSubmittedRedirect(type);
  // A reload or a return reopens the draft this browser has open, from the server.
  const reopen = useReopenDraft(type, forms.data?.flows);

  const titleKey = TITLE_KEYS[type];
  const heading = <PageHeading titleKey={titleKey}>{t(titleKey)}</PageHeading>;
  if (!formsData) {
    return (
      <>
        {heading}
        <FormsLoadState failed={forms.isError} onRetry={() => void forms.refetch()} />
      </>
    );
  }
  if (reopen.status !== 'none')
    return (
      <>
        {heading}
        <Suspense fallback={null}>
          <ReopenNotice
            status={reopen.status}
            reference={reopen.reference ?? ''}
            onRetry={reopen.retry}
            onStartNew={reopen.startNew}
          />
        </Suspense>
      </>
    );
  return (
    <>
      {heading}
      {activeType === type && <WizardFlow type={type} forms={formsData} onReload={() => void forms.refetch()} />}
    </>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PageHeading } from '../../components/PageHeading';
import { loadContinued, readContinueData } from './continue/continue-data';
import { FormsLoadState } from '../../forms/FormsLoadState';
import { useForms } from '../../forms/forms-query';
import { useReopenDraft } from './use-reopen-draft';
import { useSubmittedRedirect } from './use-submitted-redirect';
import { WIZARD_NAMESPACES } from '../../forms/wizard-i18n';
import { WizardFlow } from './WizardFlow';

const ReopenNotice = lazy(() => import('./ReopenNotice').then((m) => ({ default: m.ReopenNotice })));

/**
 * /home/continue_form: the wizard of a draft opened by Continue, at its first incomplete step. After a
 * reload or a return it reopens the draft from the server (its draft cookie: useReopenDraft), else from
 * the continue data of this tab; with neither, it sends the applicant to Continue.
 */
export default function ContinueFormPage() {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  const dispatch = useAppDispatch();
  const wizard = useAppSelector((state) => state.wizard);
  const navigate = useNavigate();
  const forms = useForms();
  const reopen = useReopenDraft('continue_form', forms.data?.flows);
  const fromServer = reopen.reference !== undefined;
  // Decided once, as the page opens: after a Submit the wizard is cleared on the way out, not sent back.
  const [stored] = useState(() =>
    (wizard.continued && wizard.referenceNumber) || fromServer ? undefined : readContinueData(),
  );
  const [missing] = useState(() => !(wizard.continued && wizard.referenceNumber) && !stored && !fromServer);
  useEffect(() => {
    if (stored) loadContinued(dispatch, stored);
  }, [dispatch, stored]);
  useSubmittedRedirect(wizard.type ?? 'new');

  // Nothing to open (submitted meanwhile): Continue.
  if (missing || reopen.gone) return <Navigate to="/home/continue" replace />;
  const heading = <PageHeading titleKey="titles.continue_form">{t('titles.continue_form')}</PageHeading>;
  if (reopen.status !== 'none')
    return (
      <>
        {heading}
        {forms.data || reopen.status !== 'checking' ? (
          <Suspense fallback={null}>
            <ReopenNotice
              status={reopen.status}
              reference={reopen.reference ?? ''}
              onRetry={reopen.retry}
              onStartNew={() => {
                reopen.startNew();
                void navigate('/home/request');
              }}
            />
          </Suspense>
        ) : (
          <FormsLoadState failed={forms.isError} onRetry={() => void forms.refetch()} />
        )}
      </>
    );
  if (!forms.data) {
    return (
      <>
        {heading}
        <FormsLoadState failed={forms.isError} onRetry={() => void forms.refetch()} />
      </>
    );
  }
  return (
    <>
      {heading}
      {wizard.continued && wizard.type && (
        <WizardFlow type={wizard.type} forms={forms.data} onReload={() => void forms.refetch()} />
      )}
    </>
  );
}

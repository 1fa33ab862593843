import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ApplicationType } from '../../../shared/wizard-driver';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PageHeading } from '../../components/PageHeading';
import { loadContinued, readContinueData } from './continue-data';
import { FormsLoadState } from './FormsLoadState';
import { useForms } from './forms-query';
import { useSubmittedRedirect } from './use-submitted-redirect';
import { WIZARD_NAMESPACES } from './wizard-i18n';
import { WizardFlow } from './WizardFlow';

/**
 * /home/continue_form: the wizard of a draft opened by Continue, at its first incomplete step. After a
 * reload it reopens from the stored continue data; with none, it sends the applicant to Continue.
 */
export default function ContinueFormPage() {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  const dispatch = useAppDispatch();
  const wizard = useAppSelector((state) => state.wizard);
  const forms = useForms();
  // Decided once, as the page opens: after a Submit the wizard is cleared on the way out, not sent back.
  const [stored] = useState(() => (wizard.continued && wizard.referenceNumber ? undefined : readContinueData()));
  const [missing] = useState(() => !(wizard.continued && wizard.referenceNumber) && !stored);
  useEffect(() => {
    if (stored) loadContinued(dispatch, stored);
  }, [dispatch, stored]);
  useSubmittedRedirect((wizard.type ?? 'new') as ApplicationType);

  if (missing) return <Navigate to="/home/continue" replace />;
  const heading = <PageHeading titleKey="titles.continue_form">{t('titles.continue_form')}</PageHeading>;
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

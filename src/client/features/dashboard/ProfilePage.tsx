import { useTranslation } from 'react-i18next';
import { stepWithModule } from '../../../shared/step-modules';
import { PageHeading } from '../../components/PageHeading';
import { useForms } from '../../forms/forms-query';
import { useGetDashboardApplicationQuery } from './dashboard-api';
import { QueryState } from './parts';
import { SavedAnswers } from './SavedAnswers';

/** /dashboard/profile: the applicant's personal details, as saved in the application. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { data, isError, refetch } = useGetDashboardApplicationQuery();
  // The applicant step, whatever the forms call it (src/shared/step-modules.ts).
  const forms = useForms().data;
  const step = (forms && stepWithModule(forms.steps, 'applicant')) ?? '';
  return (
    <>
      <PageHeading titleKey="titles.dashboard_profile">{t('titles.dashboard_profile')}</PageHeading>
      {data ? (
        <SavedAnswers steps={[step]} answers={{ [step]: data.personal }} headingLevel="h2" />
      ) : (
        <QueryState failed={isError} onRetry={() => void refetch()} />
      )}
    </>
  );
}

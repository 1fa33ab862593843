import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/PageHeading';
import { useGetDashboardApplicationQuery } from './dashboard-api';
import { QueryState } from './parts';
import { SavedAnswers } from './SavedAnswers';

/** /dashboard/profile: the applicant's personal details, as saved in the application. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { data, isError, refetch } = useGetDashboardApplicationQuery();
  return (
    <>
      <PageHeading titleKey="titles.dashboard_profile">{t('titles.dashboard_profile')}</PageHeading>
      {data ? (
        <SavedAnswers steps={['personal']} answers={{ personal: data.personal }} headingLevel="h2" />
      ) : (
        <QueryState failed={isError} onRetry={() => void refetch()} />
      )}
    </>
  );
}

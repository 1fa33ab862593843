import { Outlet } from 'react-router-dom';
import { PageBoundary } from '../components/PageBoundary';
import { ProgressBar } from '../components/ProgressBar';
import { RedirectFollower } from '../components/RedirectFollower';
import { ScrollManager } from '../components/ScrollManager';
import { Toasts } from '../components/Toasts';
import { UnderMaintenance } from '../components/UnderMaintenance';
import { useAppSelector } from './hooks';

/** Around every route: progress bar, toasts, scrolling, redirects, and the maintenance page when the server asks. */
export function RootShell() {
  const maintenance = useAppSelector((s) => s.ui.maintenance);
  return (
    <>
      <ProgressBar />
      <ScrollManager />
      <RedirectFollower />
      {maintenance ? (
        <UnderMaintenance />
      ) : (
        <PageBoundary>
          <Outlet />
        </PageBoundary>
      )}
      <Toasts />
    </>
  );
}

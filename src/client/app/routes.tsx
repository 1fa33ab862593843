import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireUser } from '../components/RequireUser';
import { DashboardLayout } from '../layout/DashboardLayout';
import { SiteLayout } from '../layout/SiteLayout';
import LandingPage from '../pages/LandingPage';
import { PendingServicePage } from '../pages/PendingServicePage';
import { RootShell } from './RootShell';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const wizard = page(() => import('../features/wizard/WizardPage'));

/**
 * Every route of spec section 2. Public: the /home pages (the spec's guard list, plus Continue, which
 * its route table marks public). Signed-in: the dashboard, behind the guard. Anything else goes to '/'.
 */
export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    // Shown while a lazily loaded page of the first URL arrives.
    HydrateFallback: () => null,
    children: [
      { path: '/', element: <Navigate to="/home" replace /> },
      {
        path: '/home',
        element: <SiteLayout />,
        children: [
          { index: true, element: <Navigate to="/home/landing" replace /> },
          { path: 'landing', element: <LandingPage /> },
          { path: 'about', lazy: page(() => import('../pages/AboutPage')) },
          { path: 'terms_conditions', lazy: page(() => import('../pages/TermsPage')) },
          { path: 'faq', lazy: page(() => import('../pages/FaqPage')) },
          { path: 'engineers', lazy: page(() => import('../features/engineers/EngineersPage')) },
          { path: 'request', lazy: page(() => import('../pages/RequestPage')) },
          { path: 'request_options', lazy: page(() => import('../pages/RequestOptionsPage')) },
          { path: 'login', element: <PendingServicePage titleKey="titles.view" /> },
          { path: 'continue', lazy: page(() => import('../features/continue/ContinuePage')) },
          { path: 'continue_form', lazy: page(() => import('../features/wizard/ContinueFormPage')) },
          // The wizard: one lazily loaded page for every flow (RJSF never loads on the landing page).
          { path: 'new', lazy: wizard },
          { path: 'maintenance', lazy: wizard },
          { path: 'no_drawings', lazy: wizard },
        ],
      },
      {
        path: '/dashboard',
        element: (
          <RequireUser>
            <DashboardLayout />
          </RequireUser>
        ),
        children: [
          // The spec's /dashboard/home has no page: the dashboard opens on the application.
          { index: true, element: <Navigate to="/dashboard/application" replace /> },
          { path: 'application', element: <PendingServicePage titleKey="titles.dashboard_application" /> },
          { path: 'applications', element: <PendingServicePage titleKey="titles.dashboard_applications" /> },
          { path: 'profile', element: <PendingServicePage titleKey="titles.dashboard_profile" /> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

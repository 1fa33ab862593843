import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireUser } from '../components/RequireUser';
import { WIZARD_NAMESPACES } from '../features/wizard/wizard-i18n';
import { SiteLayout } from '../layout/SiteLayout';
import LandingPage from '../pages/LandingPage';
import { appI18n } from './i18n';
import { trackPageLoad } from './page-loads';
import { RootShell } from './RootShell';

/**
 * A lazily loaded page and the text namespaces it needs, loaded at the same time (in the current
 * language). Its element suspends until both are in: a PageBoundary in the layout catches that.
 */
function page(load: () => Promise<{ default: React.ComponentType }>, namespaces: string[] = []) {
  const Page = lazy(() =>
    trackPageLoad(Promise.all([load(), appI18n().loadNamespaces(namespaces)]).then(([module]) => module)),
  );
  return <Page />;
}

/** Every page but the landing page uses MUI: its theme loads with the first of them. */
const themed = page(() => import('./Themed'));

const wizard = page(() => import('../features/wizard/WizardPage'), WIZARD_NAMESPACES);

/**
 * View has a Suspense of its own: the wizard's requests move to /home/login after 3.5 s, and a
 * navigation there must be done at once, the page following (a new boundary shows its fallback rather
 * than hold the navigation, as the router's transition does for the others).
 */
const ViewPage = lazy(() => trackPageLoad(import('../features/sign-in/ViewPage')));

/**
 * Every route of spec section 2. Public: the /home pages (the spec's guard list, plus Continue, which
 * its route table marks public). Signed-in: the dashboard, behind the guard. Anything else goes to '/'.
 */
export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    children: [
      { path: '/', element: <Navigate to="/home" replace /> },
      {
        path: '/home',
        element: <SiteLayout />,
        children: [
          { index: true, element: <Navigate to="/home/landing" replace /> },
          { path: 'landing', element: <LandingPage /> },
          {
            element: themed,
            children: [
              { path: 'about', element: page(() => import('../pages/AboutPage'), ['pages']) },
              { path: 'terms_conditions', element: page(() => import('../pages/TermsPage'), ['pages']) },
              { path: 'accessibility', element: page(() => import('../pages/AccessibilityPage'), ['accessibility']) },
              { path: 'faq', element: page(() => import('../pages/FaqPage')) },
              { path: 'engineers', element: page(() => import('../features/engineers/EngineersPage')) },
              { path: 'request', element: page(() => import('../pages/RequestPage')) },
              { path: 'request_options', element: page(() => import('../pages/RequestOptionsPage')) },
              {
                path: 'login',
                element: (
                  <Suspense fallback={null}>
                    <ViewPage />
                  </Suspense>
                ),
              },
              { path: 'continue', element: page(() => import('../features/continue/ContinuePage')) },
              {
                path: 'continue_form',
                element: page(() => import('../features/wizard/ContinueFormPage'), WIZARD_NAMESPACES),
              },
              // The wizard: one lazily loaded page for every flow (RJSF never loads on the landing page).
              { path: 'new', element: wizard },
              { path: 'maintenance', element: wizard },
              { path: 'no_drawings', element: wizard },
            ],
          },
        ],
      },
      {
        path: '/dashboard',
        element: (
          <RequireUser>
            <Outlet />
          </RequireUser>
        ),
        children: [
          {
            // The layout and its pages load lazily: nothing of the dashboard is on the landing page.
            element: page(() => import('../layout/DashboardLayout')),
            children: [
              // The spec's /dashboard/home has no page: the dashboard opens on the application.
              { index: true, element: <Navigate to="/dashboard/application" replace /> },
              {
                path: 'application',
                element: page(() => import('../features/dashboard/ApplicationPage'), WIZARD_NAMESPACES),
              },
              { path: 'applications', element: page(() => import('../features/dashboard/ApplicationsPage')) },
              { path: 'profile', element: page(() => import('../features/dashboard/ProfilePage'), WIZARD_NAMESPACES) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** The routes, inside the router main.tsx gives them (the browser's) or a test does (in memory). */
export function AppRoutes() {
  return useRoutes(routes);
}

import { lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { RequireUser } from '../components/RequireUser';
import { WIZARD_NAMESPACES } from '../features/wizard/wizard-i18n';
import { SiteLayout } from '../layout/SiteLayout';
import LandingPage from '../pages/LandingPage';
import { appI18n } from './i18n';
import { RootShell } from './RootShell';

/** A lazily loaded page, and the text namespaces it needs (loaded at the same time, in the current language). */
const page =
  (load: () => Promise<{ default: React.ComponentType }>, namespaces: string[] = []) =>
  async () => {
    const [module] = await Promise.all([load(), appI18n().loadNamespaces(namespaces)]);
    return { Component: module.default };
  };

const themed = page(() => import('./Themed'));

const wizard = page(() => import('../features/wizard/WizardPage'), WIZARD_NAMESPACES);

/**
 * View loads lazily too, but inside its route rather than by the router: the wizard's requests move
 * to /home/login after 3.5 s, and a navigation there must be done at once (the page follows).
 */
const ViewPage = lazy(() => import('../features/sign-in/ViewPage'));

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
          {
            // Every page but the landing page uses MUI: its theme loads with the first of them.
            lazy: themed,
            children: [
              { path: 'about', lazy: page(() => import('../pages/AboutPage')) },
              { path: 'terms_conditions', lazy: page(() => import('../pages/TermsPage')) },
              { path: 'accessibility', lazy: page(() => import('../pages/AccessibilityPage'), ['accessibility']) },
              { path: 'faq', lazy: page(() => import('../pages/FaqPage')) },
              { path: 'engineers', lazy: page(() => import('../features/engineers/EngineersPage')) },
              { path: 'request', lazy: page(() => import('../pages/RequestPage')) },
              { path: 'request_options', lazy: page(() => import('../pages/RequestOptionsPage')) },
              {
                path: 'login',
                element: (
                  <Suspense fallback={null}>
                    <ViewPage />
                  </Suspense>
                ),
              },
              { path: 'continue', lazy: page(() => import('../features/continue/ContinuePage')) },
              {
                path: 'continue_form',
                lazy: page(() => import('../features/wizard/ContinueFormPage'), WIZARD_NAMESPACES),
              },
              // The wizard: one lazily loaded page for every flow (RJSF never loads on the landing page).
              { path: 'new', lazy: wizard },
              { path: 'maintenance', lazy: wizard },
              { path: 'no_drawings', lazy: wizard },
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
            lazy: page(() => import('../layout/DashboardLayout')),
            children: [
              // The spec's /dashboard/home has no page: the dashboard opens on the application.
              { index: true, element: <Navigate to="/dashboard/application" replace /> },
              {
                path: 'application',
                lazy: page(() => import('../features/dashboard/ApplicationPage'), WIZARD_NAMESPACES),
              },
              { path: 'applications', lazy: page(() => import('../features/dashboard/ApplicationsPage')) },
              { path: 'profile', lazy: page(() => import('../features/dashboard/ProfilePage'), WIZARD_NAMESPACES) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

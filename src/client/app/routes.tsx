import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, Navigate, Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireUser } from '../components/RequireUser';
import { SplashGate } from '../components/SplashGate';
import { prefetchEngineers } from '../features/engineers/engineers-api';
import { prefetchForms } from '../features/wizard/forms-query';
import { WIZARD_NAMESPACES } from '../features/wizard/wizard-i18n';
import { SiteLayout } from '../layout/SiteLayout';
import LandingPage from '../pages/LandingPage';
import { appI18n } from './i18n';
import { trackPageLoad } from './page-loads';
import { RootShell } from './RootShell';
import type { AppStore } from './store';

/** What a route loads before it can show: its files and texts, and the data it asks for first. */
interface RouteHandle {
  preload(store: AppStore, search: URLSearchParams): void;
}

type Prefetch = (store: AppStore, search: URLSearchParams) => void;

/**
 * A lazily loaded page and the text namespaces it needs, loaded at the same time (in the current
 * language), and `data` it will ask for as it opens. Its element suspends until files and texts are in:
 * a PageBoundary in the layout catches that. `handle.preload` starts all of it before the page renders
 * (see preloadRoute).
 */
function page(
  load: () => Promise<{ default: ComponentType }>,
  namespaces: string[] = [],
  data?: Prefetch,
): Pick<RouteObject, 'element' | 'handle'> {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const files = () => {
    loading ??= Promise.all([load(), appI18n().loadNamespaces(namespaces)]).then(
      ([module]) => module,
      (error: unknown) => {
        loading = undefined; // a dropped connection: the next attempt loads again
        throw error;
      },
    );
    return loading;
  };
  const Page = lazy(() => trackPageLoad(files()));
  const handle: RouteHandle = {
    preload: (store, search) => {
      void trackPageLoad(files()).catch(() => undefined); // the page itself shows the failure
      data?.(store, search);
    },
  };
  return { element: <Page />, handle };
}

/** Every page but the landing page uses MUI: its theme loads with the first of them. */
const themed = page(() => import('./Themed'));

const wizard = page(() => import('../features/wizard/WizardPage'), WIZARD_NAMESPACES, prefetchForms);

/**
 * View has a Suspense of its own: the wizard's requests move to /home/login after 3.5 s, and a
 * navigation there must be done at once, the page following (a new boundary shows its fallback rather
 * than hold the navigation, as the router's transition does for the others).
 */
const view = page(() => import('../features/sign-in/ViewPage'));

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
          // Every page but the landing page waits for the reference data, with the spec's loading view
          // (the landing page needs none of it: it shows at once, as the server rendered it).
          {
            element: (
              <SplashGate>
                <Outlet />
              </SplashGate>
            ),
            children: [
              {
                ...themed,
                children: [
                  { path: 'about', ...page(() => import('../pages/AboutPage'), ['pages']) },
                  { path: 'terms_conditions', ...page(() => import('../pages/TermsPage'), ['pages']) },
                  { path: 'accessibility', ...page(() => import('../pages/AccessibilityPage'), ['accessibility']) },
                  { path: 'faq', ...page(() => import('../pages/FaqPage')) },
                  {
                    path: 'engineers',
                    ...page(() => import('../features/engineers/EngineersPage'), [], prefetchEngineers),
                  },
                  { path: 'request', ...page(() => import('../pages/RequestPage')) },
                  { path: 'request_options', ...page(() => import('../pages/RequestOptionsPage')) },
                  { path: 'login', element: <Suspense fallback={null}>{view.element}</Suspense>, handle: view.handle },
                  { path: 'continue', ...page(() => import('../features/continue/ContinuePage')) },
                  {
                    path: 'continue_form',
                    ...page(() => import('../features/wizard/ContinueFormPage'), WIZARD_NAMESPACES, prefetchForms),
                  },
                  // The wizard: one lazily loaded page for every flow (RJSF never loads on the landing page).
                  { path: 'new', ...wizard },
                  { path: 'maintenance', ...wizard },
                  { path: 'no_drawings', ...wizard },
                ],
              },
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
            ...page(() => import('../layout/DashboardLayout')),
            children: [
              // The spec's /dashboard/home has no page: the dashboard opens on the application.
              { index: true, element: <Navigate to="/dashboard/application" replace /> },
              {
                path: 'application',
                ...page(() => import('../features/dashboard/ApplicationPage'), WIZARD_NAMESPACES),
              },
              { path: 'applications', ...page(() => import('../features/dashboard/ApplicationsPage')) },
              { path: 'profile', ...page(() => import('../features/dashboard/ProfilePage'), WIZARD_NAMESPACES) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/**
 * Starts loading what the page at `pathname` needs (each lazy route's files and texts, and the data it
 * asks for first) all at once, as the app starts: otherwise each waits for the one before it to render
 * (the theme, then the page, then its data), one round trip after another on a slow network.
 */
export function preloadRoute(location: { pathname: string; search: string }, store: AppStore): void {
  const search = new URLSearchParams(location.search);
  for (const match of matchRoutes(routes, location.pathname) ?? [])
    (match.route.handle as RouteHandle | undefined)?.preload(store, search);
}

/** The routes, inside the router main.tsx gives them (the browser's) or a test does (in memory). */
export function AppRoutes() {
  return useRoutes(routes);
}

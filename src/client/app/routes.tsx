import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { LANGUAGE_PLACEHOLDER } from '../../shared/served-page';
import { RequireUser } from '../components/RequireUser';
import { SplashGate } from '../components/SplashGate';
import { prefetchEngineers } from '../features/engineers/engineers-api';
import { prefetchForms } from '../forms/forms-query';
import { WIZARD_NAMESPACES } from '../forms/wizard-i18n';
import { SiteLayout } from '../layout/SiteLayout';
import LandingPage from '../pages/LandingPage';
import { appI18n } from './i18n';
import { trackPageLoad } from './page-loads';
import { RootShell } from './RootShell';
import type { AppStore } from './store';

/**
 * A route that leads on to another (spec: '/' → '/home' → '/home/landing'), each time it is reached: a
 * <Navigate> reached again at the same place (a second 'Access denied' sending the user to '/' while the
 * first redirect is under way) would stay there, blank, its effect already run.
 */
function Redirect({ to }: { to: string }) {
  const { key } = useLocation();
  return <Navigate key={key} to={to} replace />;
}

/**
 * Every lazily loaded module of the routes, each a file of its own, loaded when its route is first
 * opened. By path (from the project's root, as the build's manifest names them), so that the server can
 * preload the files of the page it sends (modulesByPath, src/server/spa/spa-pages.ts).
 */
const LAZY = import.meta.glob<{ default: ComponentType }>([
  './Themed.tsx',
  '../pages/AboutPage.tsx',
  '../pages/TermsPage.tsx',
  '../pages/AccessibilityPage.tsx',
  '../pages/FaqPage.tsx',
  '../pages/RequestPage.tsx',
  '../pages/RequestOptionsPage.tsx',
  '../features/engineers/EngineersPage.tsx',
  '../features/verify/VerifyPage.tsx',
  '../features/sign-in/ViewPage.tsx',
  '../features/wizard/continue/ContinuePage.tsx',
  '../features/find-reference/FindReferencePage.tsx',
  '../features/wizard/ContinueFormPage.tsx',
  '../features/wizard/WizardPage.tsx',
  '../features/dashboard/DashboardLayout.tsx',
  '../features/dashboard/ApplicationPage.tsx',
  '../features/dashboard/ApplicationsPage.tsx',
  '../features/dashboard/ProfilePage.tsx',
]);

/** '../pages/AboutPage.tsx' (from this file) as 'src/client/pages/AboutPage.tsx'. */
const fromRoot = (file: string) => new URL(file, 'file:///src/client/app/').pathname.slice(1);

/** What a route loads before it can show: its files and texts, and the data it asks for first. */
interface RouteHandle {
  preload(store: AppStore, search: URLSearchParams): void;
  /** Its lazily loaded module, from the project's root, and the texts it loads with it. */
  module: string;
  namespaces: string[];
}

type Prefetch = (store: AppStore, search: URLSearchParams) => void;

/**
 * A lazily loaded page (a file of LAZY) and the text namespaces it needs, loaded at the same time (in
 * the current language), and `data` it will ask for as it opens. Its element suspends until files and
 * texts are in: a PageBoundary in the layout catches that. `handle.preload` starts all of it before
 * the page renders (see preloadRoute).
 */
function page(file: string, namespaces: string[] = [], data?: Prefetch): Pick<RouteObject, 'element' | 'handle'> {
  const load = LAZY[file];
  if (!load) throw new Error(`${file} is not among the lazily loaded modules of routes.tsx`);
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
    module: fromRoot(file),
    namespaces,
  };
  return { element: <Page />, handle };
}

/** Every page but the landing and engineers pages uses MUI: its theme loads with the first of them. */
const themed = page('./Themed.tsx');

const wizard = page('../features/wizard/WizardPage.tsx', WIZARD_NAMESPACES, prefetchForms);

/**
 * View has a Suspense of its own: the wizard's requests move to /home/login after 3.5 s, and a
 * navigation there must be done at once, the page following (a new boundary shows its fallback rather
 * than hold the navigation, as the router's transition does for the others).
 */
const view = page('../features/sign-in/ViewPage.tsx');

/**
 * Every route of spec section 2. Public: the /home pages (the spec's guard list, plus Continue, which
 * its route table marks public). Signed-in: the dashboard, behind the guard. Anything else goes to '/'.
 */
export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    children: [
      { path: '/', element: <Redirect to="/home" /> },
      {
        path: '/home',
        element: <SiteLayout />,
        children: [
          { index: true, element: <Redirect to="/home/landing" /> },
          { path: 'landing', element: <LandingPage /> },
          // What a permit's QR code opens: plain elements, no MUI, no reference data (texts: its own).
          { path: 'verify/:permitNumber?', ...page('../features/verify/VerifyPage.tsx') },
          // Every page but the landing page waits for the reference data, with the spec's loading view
          // (the landing page needs none of it: it shows at once, as the server rendered it).
          {
            element: (
              <SplashGate>
                <Outlet />
              </SplashGate>
            ),
            children: [
              // Plain elements, like the landing page: no MUI.
              {
                path: 'engineers',
                ...page('../features/engineers/EngineersPage.tsx', [], prefetchEngineers),
              },
              {
                ...themed,
                children: [
                  { path: 'about', ...page('../pages/AboutPage.tsx', ['pages']) },
                  { path: 'terms_conditions', ...page('../pages/TermsPage.tsx', ['pages']) },
                  { path: 'accessibility', ...page('../pages/AccessibilityPage.tsx', ['accessibility']) },
                  { path: 'faq', ...page('../pages/FaqPage.tsx') },
                  { path: 'request', ...page('../pages/RequestPage.tsx') },
                  { path: 'request_options', ...page('../pages/RequestOptionsPage.tsx') },
                  { path: 'login', element: <Suspense fallback={null}>{view.element}</Suspense>, handle: view.handle },
                  { path: 'continue', ...page('../features/wizard/continue/ContinuePage.tsx') },
                  {
                    path: 'find_reference',
                    ...page('../features/find-reference/FindReferencePage.tsx', ['dashboard', 'find_reference']),
                  },
                  {
                    path: 'continue_form',
                    ...page('../features/wizard/ContinueFormPage.tsx', WIZARD_NAMESPACES, prefetchForms),
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
            ...page('../features/dashboard/DashboardLayout.tsx', ['dashboard']),
            children: [
              // The spec's /dashboard/home has no page: the dashboard opens on the application.
              { index: true, element: <Redirect to="/dashboard/application" /> },
              {
                path: 'application',
                ...page('../features/dashboard/ApplicationPage.tsx', WIZARD_NAMESPACES),
              },
              { path: 'applications', ...page('../features/dashboard/ApplicationsPage.tsx') },
              { path: 'profile', ...page('../features/dashboard/ProfilePage.tsx', WIZARD_NAMESPACES) },
            ],
          },
        ],
      },
      { path: '*', element: <Redirect to="/" /> },
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

/**
 * The lazily loaded modules each page needs (its layouts' and its own, and its texts: the locale files
 * as `locales/{language}/<namespace>.json`, common's included), by the page's path: the server preloads
 * their files with the page (src/server/spa/spa-pages.ts), instead of the browser asking for them only
 * once the app has started.
 */
export function modulesByPath(): Record<string, string[]> {
  const texts = (namespaces: string[]) => namespaces.map((ns) => `locales/${LANGUAGE_PLACEHOLDER}/${ns}.json`);
  const found: Record<string, string[]> = {};
  const walk = (list: RouteObject[], base: string, modules: string[]) => {
    for (const route of list) {
      const path = route.path === undefined ? base : route.path.startsWith('/') ? route.path : `${base}/${route.path}`;
      const handle = route.handle as RouteHandle | undefined;
      const mine = handle ? [...modules, handle.module, ...texts(handle.namespaces)] : modules;
      if (route.children) walk(route.children, path, mine);
      else if (route.path !== undefined && route.path !== '*') found[path] = [...new Set(mine)];
    }
  };
  walk(routes, '', texts(['common']));
  return found;
}

/** The routes, inside the router main.tsx gives them (the browser's) or a test does (in memory). */
export function AppRoutes() {
  return useRoutes(routes);
}

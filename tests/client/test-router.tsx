import { act, type ReactNode } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
  type To,
} from 'react-router-dom';
import { AppRoutes } from '../../src/client/app/routes';

/** What tests see of the router: where it is, and a way to go elsewhere as the browser would. */
export interface TestRouter {
  readonly state: { readonly location: Location };
  navigate(to: To | number): Promise<void>;
}

/** The app's routes in a memory router at `path`, and a handle on it (read from inside the router). */
export function testRouter(path: string): { element: ReactNode; router: TestRouter } {
  let location: Location | undefined;
  let navigateTo: NavigateFunction | undefined;
  function Probe() {
    location = useLocation();
    navigateTo = useNavigate();
    return null;
  }
  const router: TestRouter = {
    get state() {
      if (!location) throw new Error('The router has not rendered yet');
      return { location };
    },
    async navigate(to) {
      if (!navigateTo) throw new Error('The router has not rendered yet');
      const go = navigateTo;
      await act(async () => {
        if (typeof to === 'number') await go(to);
        else await go(to);
      });
    },
  };
  const element = (
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <Probe />
    </MemoryRouter>
  );
  return { element, router };
}

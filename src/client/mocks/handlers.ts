import { delay, http } from 'msw';
import { envelope } from './mock-answers';
import { mockCall } from './mock-call';
import { getEngineers } from '../../shared/api/engineers';
import { getSplash } from '../../shared/api/splash';
import { phoneSearchDigits } from '../../shared/engineer-search';
import { dashboardHandlers } from './dashboard-handlers';
import { findReferenceHandlers } from './find-reference-handlers';
import { verifyHandlers } from './verify-handlers';
import { mockEngineers, mockSplash } from './mock-data';
import { wizardHandlers } from './wizard-handlers';

/** The spec's mock-backend delay (section 9). */
export const MOCK_DELAY_MS = 500;

interface StubUser {
  id: number;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * The mock backend of spec section 7 (stub users: authenticate and register) and of the API built so
 * far, for client tests and `npm run dev:mock`. Each call to makeHandlers() starts with fresh state.
 */
export function makeHandlers(options: { delayMs?: number } = {}) {
  const wait = () => delay(options.delayMs ?? MOCK_DELAY_MS);
  const users: StubUser[] = [{ id: 1, username: 'test', password: 'test', firstName: 'Test', lastName: 'User' }];
  const splash = mockSplash();
  /** The engineers with their contacts: get_engineers' list and the phones codes go to (the splash has none). */
  const engineers = mockEngineers();

  return [
    http.post('/api/users/authenticate', async ({ request }) => {
      await wait();
      const { username, password } = (await request.json()) as { username?: string; password?: string };
      const user = users.find((u) => u.username === username);
      if (!user) return envelope(400, "Username doesn't exist", {});
      if (user.password !== password) return envelope(400, 'Username or password is incorrect', {});
      const { id, firstName, lastName } = user;
      return envelope(200, 'OK', { id, username, firstName, lastName, token: `fake-jwt-token-${id}` });
    }),

    http.post('/api/users/register', async ({ request }) => {
      await wait();
      const body = (await request.json()) as Omit<StubUser, 'id'>;
      if (users.some((u) => u.username === body.username)) {
        return envelope(400, `Username ${body.username} is already taken`, {});
      }
      users.push({ ...body, id: Math.max(0, ...users.map((u) => u.id)) + 1 });
      return envelope(200, 'OK', {});
    }),

    mockCall(getSplash, async ({ answer }) => {
      await wait();
      return answer(splash);
    }),

    mockCall(getEngineers, async ({ body, answer }) => {
      await wait();
      const { search = '', role = '', page, page_size } = await body();
      // The real route's body schema: a request it would refuse is refused here too.
      if (search.length > 100 || !/^[a-z0-9_]{0,50}$/.test(role)) {
        return envelope(400, 'Some values in the request are missing or not valid.', {});
      }
      const roleId = splash.engineer_roles.find((r) => r.code === role)?.id;
      const text = search.trim().toLowerCase();
      const digits = phoneSearchDigits(text);
      const found = engineers.filter(
        (e) =>
          (!role || e.role_id === roleId) &&
          (!text ||
            e.name.toLowerCase().includes(text) ||
            e.email.toLowerCase().includes(text) ||
            (digits !== '' && e.mobile.replace(/\D/g, '').includes(digits))),
      );
      const items = found.slice((page - 1) * page_size, page * page_size);
      return answer({ items, total: found.length, page, page_size });
    }),

    // Before the wizard's: the two share verify_code and upload, and these pass on what is not theirs.
    ...dashboardHandlers(splash, wait),
    ...wizardHandlers(splash, engineers, wait),
    ...findReferenceHandlers(wait),
    ...verifyHandlers(wait),
  ];
}

import { MOCK_REFERENCES, mockApplications } from '../../src/client/mocks/dashboard-data';
import { mockSplash } from '../../src/client/mocks/mock-data';
import type { SignedInUser } from '../../src/shared/dashboard';
import type { ApiCall } from '../../src/shared/api/call';
import { mockCall } from '../../src/client/mocks/mock-call';
import { server } from './msw-server';

/** The mock backend's demo application with a permit, as its dashboard shows it. */
export const demo = mockApplications(mockSplash()).get(MOCK_REFERENCES.permit.replace('-', ''))!;

/** The user View keeps for that application. */
export const signedInUser: SignedInUser = {
  reference_number: MOCK_REFERENCES.permit,
  application_type: 'new',
  status: 'permit_issued',
  step_number: 7,
  days_applied: 64,
  mobile: '+2557•••••456',
  email: 'amina.makame@example.com',
  first_name: 'Amina',
  last_name: 'Makame',
};

/** Records the JSON bodies `call` receives; answers with `answer`, else as the mock backend does. */
export function record(call: ApiCall, answer?: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    mockCall(call, async ({ request }) => {
      bodies.push(await request.clone().json());
      return answer?.();
    }),
  );
  return bodies;
}

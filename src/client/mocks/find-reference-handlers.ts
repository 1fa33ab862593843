import {
  findReference,
  nationalPhoneDigits,
  normalizeIdNumber,
  verifyFindCode,
  type FoundApplication,
} from '../../shared/api/find-reference';
import { envelope } from './mock-answers';
import { mockCall } from './mock-call';

/** The one applicant the mock knows, its applications, and the code it "sends". */
export const MOCK_FINDER = { id_number: '190012345', phone: '0777123456', code: '246810' };
export const MOCK_FOUND: FoundApplication[] = [
  { reference_number: 'KQ7MZ-4XPRT', application_type: 'new', status: 'submitted', date: '2026-11-20T09:30:00.000Z' },
  { reference_number: 'HT3WN-8CD2A', application_type: 'repair', status: 'draft', date: '2026-11-24T14:00:00.000Z' },
];

/** "Forgot your reference number?" as the server answers it (src/server/find-reference): same answer whatever matched. */
export function findReferenceHandlers(wait: () => Promise<unknown>) {
  const challenges = new Map<string, boolean>();
  return [
    mockCall(findReference, async ({ body: read, answer }) => {
      await wait();
      const body = await read();
      const id = normalizeIdNumber(body.id_number ?? '');
      const phone = nationalPhoneDigits(body.phone ?? '');
      if (!id || !phone) return envelope(422, 'Some answers need your attention.', { errors: [] });
      const challenge_id = `find-${challenges.size + 1}`;
      challenges.set(challenge_id, id === MOCK_FINDER.id_number && phone === nationalPhoneDigits(MOCK_FINDER.phone));
      return answer({ challenge_id, expires_in_s: 600 }, 'Sent');
    }),
    mockCall(verifyFindCode, async ({ body: read, answer }) => {
      await wait();
      const body = await read();
      const matched = challenges.get(body.challenge_id);
      if (matched === undefined || body.code !== MOCK_FINDER.code)
        return envelope(422, 'The code is wrong or has expired. Check it, or ask for a new code.', {});
      challenges.delete(body.challenge_id);
      return answer({ applications: matched ? MOCK_FOUND : [] }, 'Your applications');
    }),
  ];
}

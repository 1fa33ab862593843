import { verifyPermit, type VerifiedPermit } from '../../shared/api/permits';
import { envelope } from './mock-answers';
import { mockCall } from './mock-call';

/** The permits the mock knows, and the one signature it made (a QR link's `s`). */
export const MOCK_SIGNATURE = 'mockSignature0123456789';
const unit = {
  en: 'Development Control Unit, Ministry of Lands and Housing, Zanzibar',
  sw: 'Kitengo cha Udhibiti wa Uendelezaji, Wizara ya Ardhi na Makaazi, Zanzibar',
};
export const MOCK_PERMITS: Omit<VerifiedPermit, 'signature'>[] = [
  {
    permit_number: 'ZNZ/BP/2026/0001',
    status: 'valid',
    plot: { plot_number: '1234/5', shehia: 'Mwanakwerekwe', ward: 'Mwanakwerekwe' },
    approved_use: 'A family house of two storeys with a shop on the ground floor.',
    storeys: 1,
    valid_from: '2026-12-01',
    valid_until: '2027-11-30',
    issuing_unit: unit,
    revoked_on: null,
    renewed_by: null,
  },
  {
    permit_number: 'ZNZ/BP/2025/0007',
    status: 'revoked',
    plot: { street_village: 'Kiembe Samaki' },
    approved_use: null,
    storeys: 0,
    valid_from: '2025-03-01',
    valid_until: '2026-02-28',
    issuing_unit: unit,
    revoked_on: '2025-09-14',
    renewed_by: null,
  },
];
const OWNER = 'Amina Khamis Makame';

/** The public permit check as the server answers it (src/server/permits): the owner only with the right signature. */
export function verifyHandlers(wait: () => Promise<unknown>) {
  return [
    mockCall(verifyPermit, async ({ body: read, answer }) => {
      await wait();
      const body = await read();
      const permit = MOCK_PERMITS.find((p) => p.permit_number === body.permit_number);
      if (!permit) return envelope(404, 'No permit has this number.', {});
      const signature =
        body.signature === undefined ? 'absent' : body.signature === MOCK_SIGNATURE ? 'valid' : 'mismatch';
      return answer({ ...permit, signature, ...(signature === 'valid' ? { owner_name: OWNER } : {}) });
    }),
  ];
}

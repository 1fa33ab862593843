/** The ZanID's helpers that the wizard uses beside its widget (ZanidWidget.tsx, loaded only when drawn). */
import type { VerifiedPerson } from '../../wizard-slice';

export const ZANID_VERIFY_ID = 'zanid-verify';

/** The ZanID as the registry writes it: digits only ('190 012-345' → '190012345'). */
export const tidyZanid = (value: unknown) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : '');

/** The full name of a verified person. */
export const fullName = (person: VerifiedPerson) =>
  [person.first_name, person.middle_name, person.last_name].filter(Boolean).join(' ');

/** The ZanID is verified when the registry answered for this very ID. */
export const isVerified = (verified: VerifiedPerson | null, zanId: unknown): verified is VerifiedPerson =>
  verified !== null && verified.zan_id === tidyZanid(zanId);

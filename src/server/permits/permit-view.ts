import type { Permit } from '../../shared/api/dashboard';

/** A permit's row as the applicant's dashboard and the back office both show it: valid, expired (by `today`) or revoked. */
export function permitView(
  row: { permit_number: string; valid_from: string; valid_until: string; created_at: Date; revoked_at?: Date | null },
  today: string,
): Permit {
  return {
    permit_number: row.permit_number,
    valid_from: row.valid_from,
    valid_until: row.valid_until,
    status: row.revoked_at ? 'revoked' : row.valid_until < today ? 'expired' : 'valid',
    issued_at: new Date(row.created_at).toISOString(),
  };
}

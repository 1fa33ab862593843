import type { StaffRole } from '../../shared/api/staff-session';

/**
 * Who makes a back-office change, recorded with it in the application's history: a staff member
 * signed in (their account), the machine integration holding the bearer token (its configured name,
 * never a person), or the system itself (the demo seed).
 */
export type StaffActor =
  | { kind: 'staff'; accountId: number; login: string; name: string; role: StaffRole }
  | { kind: 'integration'; name: string }
  | { kind: 'system'; name: string };

/** The name the integration's calls are recorded under unless STAFF_API_TOKEN_NAME says another. */
export const DEFAULT_INTEGRATION_NAME = 'integration';

/** The columns of an application_event line that say who made it. */
export function byColumns(actor: StaffActor) {
  return {
    by_kind: actor.kind,
    by_account_id: actor.kind === 'staff' ? actor.accountId : null,
    by_name: actor.name,
  };
}

/** One line for a record that keeps a name only (a forms version's `published_by`). */
export function actorLabel(actor: StaffActor): string {
  if (actor.kind === 'staff') return `${actor.name} (${actor.login})`;
  return actor.kind === 'integration' ? `${actor.name} (staff API token)` : actor.name;
}

import { AUDIT_PAGE, type AuditAnswer } from '../../shared/api/studio';
import { actorLabel, type StaffActor } from '../staff-accounts/staff-actor';
import type { AuditLine, StudioRepository } from './studio-repository';

/** The audit line of `actor` doing `action` to `subject`. */
export function auditLine(actor: StaffActor, action: string, subject: string, detail?: string): AuditLine {
  return {
    staffId: actor.kind === 'staff' ? actor.accountId : null,
    staffName: actorLabel(actor),
    action,
    subject,
    ...(detail === undefined ? {} : { detail }),
  };
}

/** A page of the audit, newest first (admins). */
export async function auditPage(repository: StudioRepository, before: number | undefined): Promise<AuditAnswer> {
  const rows = await repository.auditPage(before, AUDIT_PAGE + 1);
  const page = rows.slice(0, AUDIT_PAGE);
  const entries = page.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    by: r.staff_name,
    action: r.action,
    subject: r.subject,
  }));
  return rows.length > AUDIT_PAGE ? { entries, next_before: page.at(-1)!.id } : { entries };
}

import type { ChangeRequest, ChangeRound, ChangeRoundStatus, RoundChanges } from '../../shared/api/change-requests';
import type { FormsDocument } from '../../shared/forms';
import { isApplicationType } from '../../shared/wizard-driver';
import { iso } from '../back-office/back-office-rules';
import type { FormsService, Served } from '../forms/forms-service';
import type { RoundRow } from './changes-repository';

/** A round's row in the shape staff read it (get_application, the command line). */
export function toChangeRound(row: RoundRow): ChangeRound {
  const changes = row.changes as Partial<RoundChanges>;
  return {
    number: row.number,
    status: row.status as ChangeRoundStatus,
    requests: row.requests as ChangeRequest[],
    remark: row.remark,
    due_date: row.due_date,
    asked_at: iso(row.asked_at)!,
    asked_by: row.asked_by_name,
    overdue: row.overdue_at !== null && row.status === 'open',
    reminded_at: iso(row.reminded_at),
    changes: { steps: changes.steps ?? {}, documents: changes.documents ?? [] },
    note: row.note,
    resubmitted_at: iso(row.resubmitted_at),
    extensions: row.extensions as ChangeRound['extensions'],
  };
}

export const emptyChanges = (): RoundChanges => ({ steps: {}, documents: [] });

export function changesOf(row: RoundRow): RoundChanges {
  const changes = row.changes as Partial<RoundChanges>;
  return { steps: changes.steps ?? {}, documents: changes.documents ?? [] };
}

/** The requests of a round still unanswered: a step not saved again, a document not uploaded. */
export function openRequests(requests: readonly ChangeRequest[], changes: RoundChanges): ChangeRequest[] {
  return requests.filter((r) =>
    r.kind === 'step'
      ? !(r.step in changes.steps)
      : !changes.documents.some((d) => d.document_type === r.document_type),
  );
}

/**
 * The forms an application is answered in: the version it was submitted under (its own flow, schemas
 * and documents), else the one served now (an application from before versions were recorded).
 */
export async function formsOfApplication(
  forms: Pick<FormsService, 'get' | 'getVersion'>,
  version: number | null,
): Promise<Served> {
  return (version === null ? undefined : await forms.getVersion(version)) ?? (await forms.get());
}

export function flowOf(forms: FormsDocument, type: string): readonly string[] {
  return isApplicationType(type) ? forms.flows[type] : [];
}

import type { ChangeRequestInput } from '../../shared/api/change-requests';

/**
 * The command line's words for the requests for changes (staff-cli-change-commands.ts lists the commands):
 * each --request is one request, written
 *   step:<step>[:<field>,<field>…]=<remark>       e.g. step:repair:repair_description=Say more
 *   document:<document type>:replace|add=<remark> e.g. document:sheha_letter:replace=The stamp is unreadable
 * Answers the request, or the problem in words (a usage error).
 */
export function parseRequest(text: string): ChangeRequestInput | string {
  const equals = text.indexOf('=');
  if (equals < 0) return `--request "${text}" needs =<remark> after what to change.`;
  const [kind, name, third, ...rest] = text.slice(0, equals).split(':');
  const remark = text.slice(equals + 1);
  if (rest.length > 0 || !name)
    return `--request "${text}" is not step:<step>[:fields]=… or document:<type>:replace|add=….`;
  if (kind === 'step') {
    const fields = third ? third.split(',').filter((f) => f !== '') : [];
    return { kind: 'step', step: name, ...(fields.length > 0 ? { fields } : {}), remark };
  }
  if (kind === 'document') {
    if (third !== 'replace' && third !== 'add')
      return `--request "${text}": say replace or add after the document type.`;
    return { kind: 'document', document_type: name, action: third, remark };
  }
  return `--request "${text}" starts with step: or document:.`;
}

/** The rounds of an application as `show` prints them, one block per round. */
export function roundLines(rounds: unknown): string[] {
  if (!Array.isArray(rounds) || rounds.length === 0) return [];
  const lines = ['', 'Requests for changes:'];
  for (const round of rounds as Record<string, unknown>[]) {
    const overdue = round.overdue ? ', OVERDUE' : '';
    lines.push(
      `  Round ${String(round.number)}: ${String(round.status)}${overdue}, due ${String(round.due_date)}, asked by ${String(round.asked_by ?? '-')}`,
    );
    for (const r of (round.requests ?? []) as Record<string, unknown>[]) {
      const what =
        r.kind === 'step'
          ? `step ${String(r.step)}${Array.isArray(r.fields) ? ` (${r.fields.join(', ')})` : ''}`
          : `document ${String(r.document_type)} (${String(r.action)})`;
      lines.push(`    - ${what}: ${String(r.remark)}`);
    }
    const changes = (round.changes ?? {}) as { steps?: Record<string, unknown>; documents?: Record<string, unknown>[] };
    const steps = Object.keys(changes.steps ?? {});
    const documents = (changes.documents ?? []).map((d) => `${String(d.document_type)} → ${String(d.attachment_id)}`);
    if (steps.length > 0) lines.push(`    changed steps: ${steps.join(', ')}`);
    if (documents.length > 0) lines.push(`    new documents: ${documents.join(', ')}`);
    if (round.note) lines.push(`    applicant's note: ${String(round.note)}`);
  }
  return lines;
}

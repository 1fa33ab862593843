import type { Invocation } from './staff-cli-parse';
import type { CliIo, StaffResponse } from './staff-cli';
import { jsonForTerminal, terminalSafe } from './terminal-text';
import { roundLines } from '../changes/change-cli';

/** What the command line prints: the answer as JSON (--json), or tables and lines for people. */

type Row = Record<string, unknown>;

/** A time in Zanzibar (UTC+3, no daylight saving), to the minute. */
function when(value: unknown): string {
  if (typeof value !== 'string') return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Date(date.getTime() + 3 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}

function cell(value: unknown, max = 48): string {
  const text = value === null || value === undefined || value === '' ? '-' : String(value).replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function table(rows: Row[], columns: [header: string, value: (row: Row) => unknown][]): string {
  const cells = rows.map((row) => columns.map(([, value]) => cell(value(row))));
  const widths = columns.map(([header], i) => Math.max(header.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(columns.map(([header]) => header)), ...cells.map(line)].join('\n');
}

function pageLine(data: Row): string {
  const total = Number(data.total ?? 0);
  const size = Number(data.page_size ?? 1);
  const pages = Math.max(1, Math.ceil(total / size));
  return `Page ${String(data.page)} of ${pages}; ${total} in all.`;
}

/** Who made a history line: a staff member's name, the integration's or the system's, in brackets. */
function byWhom(by: unknown): string | null {
  if (!by || typeof by !== 'object') return null;
  const { kind, name } = by as { kind?: unknown; name?: unknown };
  return kind === 'staff' ? String(name) : `[${String(kind)}] ${String(name)}`;
}

const items = (data: Row) => (Array.isArray(data.items) ? (data.items as Row[]) : []);
const tzs = (amount: unknown) => `TZS ${Number(amount).toLocaleString('en-US')}`;

/** How an exception was settled, by whom and when. */
function settledLine(settled: unknown): string {
  if (!settled || typeof settled !== 'object') return 'open';
  const s = settled as Row;
  const to = s.invoice_id ? ` to ${String(s.invoice_id)}` : '';
  const remark = s.remark ? `: ${String(s.remark)}` : '';
  return `${String(s.how)}${to} by ${byWhom(s.by) ?? '-'} ${when(s.at)}${remark}`;
}

/** The unit's money to the shilling: what came in, and where it is. */
function totalsLine(totals: unknown): string {
  if (!totals || typeof totals !== 'object') return '';
  const t = totals as Row;
  return (
    `Payments ${tzs(t.payments_tzs)} = applied ${tzs(t.applied_tzs)} + unmatched ${tzs(t.unmatched_tzs)} + ` +
    `over-payments ${tzs(t.over_payments_tzs)} + refunds ${tzs(t.refunds_tzs)}; still to settle ${tzs(t.open_tzs)}.`
  );
}

function showApplication(a: Row): string {
  const list = (value: unknown) => (Array.isArray(value) ? (value as Row[]) : []);
  const lines = [
    `Reference:     ${cell(a.reference_number)}`,
    `Type:          ${cell(a.application_type)}`,
    `Status:        ${cell(a.status)}${a.status !== a.stored_status ? ` (stored: ${cell(a.stored_status)})` : ''}`,
    `Applicant:     ${cell(a.applicant_name)}  phone ${cell(a.phone)}  ID ${cell(a.id_number)}  language ${cell(a.language)}`,
    `Submitted:     ${when(a.submitted_at)}   last change ${when(a.updated_at)}`,
    `Moves now:     ${[...list(a.allowed_moves), ...(a.permit_moves_to ? [`${String(a.permit_moves_to)} (issue-permit)`] : [])].join(', ') || '-'}`,
    `Notifications: ${cell(a.notifications)}`,
    `Assigned to:   ${(a.assignee as { login?: string; name?: string } | null)?.name ?? 'nobody'}`,
    '',
    'History (newest first):',
    table(list(a.history), [
      ['WHEN', (e) => when(e.at)],
      ['STATUS', (e) => e.status],
      ['ACTION', (e) => e.action],
      ['BY', (e) => byWhom(e.by)],
      ['REMARK', (e) => e.remark],
    ]),
    '',
    'Invoices:',
    table(list(a.invoices), [
      ['INVOICE ID', (i) => i.invoice_id],
      ['AMOUNT', (i) => tzs(i.amount_tzs)],
      ['CONTROL NUMBER', (i) => i.control_number],
      ['DUE', (i) => i.due_date],
      ['STATUS', (i) => i.status],
      ['DESCRIPTION', (i) => i.description],
      ['NOTE', (i) => i.cancel_reason ?? i.amount_reason],
    ]),
    '',
    'Permits:',
    table(list(a.permits), [
      ['NUMBER', (p) => p.permit_number],
      ['FROM', (p) => p.valid_from],
      ['UNTIL', (p) => p.valid_until],
      ['STATUS', (p) => p.status],
    ]),
    '',
    'Documents:',
    table(list(a.attachments), [
      ['ATTACHMENT ID', (d) => d.attachment_id],
      ['DOCUMENT', (d) => (d.document_name as { en?: string } | undefined)?.en ?? d.document_type],
      ['STATUS', (d) => d.status],
      ['REMARK', (d) => d.remark],
      // A PDF with scripts, automatic actions or embedded files: staff open it with care (never in a browser).
      ['CONTENT', (d) => (d.active_content === true ? 'active_content: true' : '')],
    ]),
    ...roundLines(a.change_rounds),
  ];
  return lines.join('\n');
}

type Columns = Parameters<typeof table>[1];

/** The lists' tables: the page line follows each but the holidays' (a year's, not paged). */
const LISTS: Partial<Record<Invocation['action'], Columns>> = {
  list_applications: [
    ['REFERENCE', (r) => r.reference_number],
    ['TYPE', (r) => r.application_type],
    ['STATUS', (r) => r.status],
    ['APPLICANT', (r) => r.applicant_name],
    ['SUBMITTED (EAT)', (r) => when(r.submitted_at)],
    ['CHANGED (EAT)', (r) => when(r.updated_at)],
    // Working days at the stage, of its standard; OVER when past it (or returned, its changes overdue).
    [
      'AT STAGE',
      (r) =>
        `${cell(r.days_at_stage)}${r.standard_days === null ? '' : `/${cell(r.standard_days)}`}${r.over ? ' OVER' : ''}`,
    ],
    ['ASSIGNED', (r) => (r.assignee as { login?: string } | null)?.login ?? ''],
  ],
  list_messages: [
    ['SENT (EAT)', (r) => when(r.created_at)],
    ['REFERENCE', (r) => r.reference_number],
    ['SUBJECT', (r) => r.subject],
    ['MESSAGE', (r) => r.message],
  ],
  list_renewals: [
    ['SENT (EAT)', (r) => when(r.created_at)],
    ['REFERENCE', (r) => r.reference_number],
    ['PERMIT', (r) => r.permit_number],
    ['TYPE OF WORK', (r) => r.type_of_work],
    ['REASON', (r) => r.reason],
  ],
  list_overdue_changes: [
    ['REFERENCE', (r) => r.reference_number],
    ['ROUND', (r) => r.round],
    ['DUE', (r) => r.due_date],
    ['OVERDUE SINCE (EAT)', (r) => when(r.overdue_since)],
  ],
  list_payment_exceptions: [
    ['ID', (r) => r.exception_id],
    ['KIND', (r) => r.kind],
    ['AMOUNT', (r) => tzs(r.amount_tzs)],
    ['REFERENCE', (r) => r.reference_number],
    ['CONTROL NUMBER', (r) => r.control_number],
    ['PAYER PHONE', (r) => r.payer_phone],
    ['PAID (EAT)', (r) => when(r.paid_at)],
    ['SETTLED', (r) => settledLine(r.settled)],
  ],
  list_holidays: [
    ['DATE', (r) => r.date],
    ['ENGLISH', (r) => r.name_en],
    ['SWAHILI', (r) => r.name_sw],
    ['', (r) => (r.expected ? 'expected date' : '')],
  ],
};

/** A change's answer: its message, then its plain facts, the new deadline and the permit where there are. */
function doneLines(message: string, data: Row): string {
  const details = Object.entries(data)
    .filter(([, value]) => value === null || typeof value !== 'object')
    .map(([key, value]) => `  ${key}: ${cell(value, 200)}`);
  const round = data.round as Row | undefined;
  if (round) details.push(`  due: ${cell(round.due_date)} (round ${cell(round.number)})`);
  const permit = data.permit as Row | undefined;
  if (permit)
    details.push(`  permit: ${cell(permit.permit_number)} ${cell(permit.valid_from)} → ${cell(permit.valid_until)}`);
  return [message, ...details].join('\n');
}

/** Prints the answer: on success to stdout; a refusal's message (and field problems) to stderr. */
export function printAnswer(invocation: Invocation, response: StaffResponse, terminal: CliIo): void {
  // Stored texts may hold anything (written before they were checked, or straight into the database).
  const io = terminalSafe(terminal);
  if (invocation.json) {
    io.out(jsonForTerminal(response));
    return;
  }
  const data = response.data ?? {};
  if (response.code !== 200) {
    const errors = Array.isArray(data.errors) ? (data.errors as { path: string; message: string }[]) : [];
    const allowed = Array.isArray(data.allowed) ? ` Allowed from here: ${data.allowed.join(', ') || 'none'}.` : '';
    io.err([`${response.message}${allowed}`, ...errors.map((e) => `  ${e.path}: ${e.message}`)].join('\n'));
    return;
  }
  const { action } = invocation;
  const columns = LISTS[action];
  if (columns) {
    io.out(table(items(data), columns));
    if (action !== 'list_holidays') io.out(pageLine(data));
    if (action === 'list_payment_exceptions') io.out(totalsLine(data.totals));
  } else if (action === 'get_application') {
    io.out(showApplication(data));
  } else if (action === 'settle_payment_exception') {
    io.out([response.message, `  settled: ${settledLine((data.exception as Row | undefined)?.settled)}`].join('\n'));
    io.out(totalsLine(data.totals));
  } else {
    io.out(doneLines(response.message, data));
  }
}

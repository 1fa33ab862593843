import type { StaffInvoice } from '../../shared/api/back-office';
import { isApplicationStatus } from '../../shared/dashboard';
import type { Language } from '../../shared/reference-data';
import type { InvoiceTable } from '../db/schema';
import { normalizeReferenceNumber } from '../applications/reference-number';
import { ApiError } from '../http/envelope';
import { message } from '../i18n/messages';
import type { StaffEvent } from './back-office-types';

/** The back office's checks of what staff give, and the shapes its rows are answered in. */

export const ATTACHMENT_REVIEW_STATUSES = ['accepted', 'rejected'] as const;
/** Moves that need a remark: the applicant must learn why. */
export const REMARK_REQUIRED = new Set(['returned', 'rejected']);
export const NO_INVOICE = new Set(['draft', 'rejected', 'withdrawn']);
export const MAX_PAGE_SIZE = 100;
export const MAX_AMOUNT_TZS = 1_000_000_000_000;
export const CONTROL_NUMBER = /^[0-9]{6,20}$/;
export const PERMIT_NUMBER = /^[A-Za-z0-9][A-Za-z0-9/.-]{2,39}$/;
const ISO_DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: unknown): text is string {
  if (typeof text !== 'string' || !ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The dates staff may write: a typo of a year (20255, 1925, 2925) is refused, not stored. */
export const EARLIEST_DATE = '2000-01-01';
export const LATEST_DATE = '2100-12-31';
/** An invoice is due within a year of today; a permit is valid for at most ten years. */
export const MAX_DUE_YEARS = 1;
export const MAX_VALIDITY_YEARS = 10;

/** A real date written YYYY-MM-DD in EARLIEST_DATE … LATEST_DATE. */
export const isDateInRange = (text: string) => text >= EARLIEST_DATE && text <= LATEST_DATE;

/** The same day `years` later (29 February → 28 February or 1 March, as Date rolls it: either is fine). */
export function yearsAfter(isoDate: string, years: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
}

export const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());
export const cleanText = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** The stored form of a reference number staff give; 404 when it cannot be one. */
export function staffReference(input: string): string {
  const reference = typeof input === 'string' ? normalizeReferenceNumber(input) : undefined;
  if (!reference) throw new ApiError(404, 'application_not_found');
  return reference;
}

/** The applicant's name as the personal step holds it. */
export function applicantName(personal: unknown): string {
  const p = (personal ?? {}) as Record<string, unknown>;
  return [p.first_name, p.middle_name, p.last_name]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => part.trim())
    .join(' ');
}

/** Field problems of one call, each `{ path, message }` in the caller's language; 422 when there is any. */
export class Problems {
  private readonly list: { path: string; message: string }[] = [];
  constructor(
    private readonly language: Language,
    /** Where the keys' texts are in api.json. */
    private readonly texts = 'back_office.fields',
  ) {}
  add(path: string, key: string, params?: Record<string, unknown>): void {
    this.list.push({ path, message: message(this.language, `${this.texts}.${key}`, params) });
  }
  /** Throws the 422 when there is a problem, with the envelope's message `messageKey`. */
  check(messageKey = 'validation_failed', params?: Record<string, unknown>): void {
    if (this.list.length > 0) throw new ApiError(422, messageKey, { errors: this.list }, params);
  }
}

export function statusName(language: Language, status: string): string {
  return isApplicationStatus(status) || status === 'expired' ? message(language, `statuses.${status}`) : status;
}

export function duplicate(field: 'control_number' | 'permit_number', value: string): ApiError {
  return field === 'control_number'
    ? new ApiError(409, 'back_office.duplicate_control_number', { control_number: value }, { control_number: value })
    : new ApiError(409, 'back_office.duplicate_permit_number', { permit_number: value }, { permit_number: value });
}

/** PostgreSQL's unique_violation: another transaction took the number between our check and our insert. */
export function uniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

type InvoiceRow = Pick<InvoiceTable, 'id' | 'description' | 'due_date'> & {
  control_number: string | null;
  amount_tzs: string | number;
  paid_tzs?: string | number;
  paid_at: Date | null;
  created_at: Date;
  amount_reason?: string | null;
  lines?: unknown[] | null;
  cancelled_at?: Date | null;
  cancel_reason?: string | null;
};

export function toInvoice(row: InvoiceRow): StaffInvoice {
  return {
    invoice_id: row.id,
    description: row.description,
    amount_tzs: Number(row.amount_tzs),
    control_number: row.control_number,
    due_date: row.due_date,
    status: row.cancelled_at
      ? 'cancelled'
      : row.paid_at
        ? 'paid'
        : Number(row.paid_tzs ?? 0) > 0
          ? 'partly_paid'
          : 'unpaid',
    paid_at: iso(row.paid_at),
    created_at: iso(row.created_at)!,
    paid_tzs: Number(row.paid_tzs ?? 0),
    amount_reason: row.amount_reason ?? null,
    lines: (row.lines ?? null) as StaffInvoice['lines'],
    cancelled_at: iso(row.cancelled_at ?? null),
    cancel_reason: row.cancel_reason ?? null,
  };
}

/** Amounts are written with thousands separators, the same in English and Swahili: TZS 1,250,000. */
export function invoiceParams(row: InvoiceRow): Record<string, unknown> {
  return {
    amount: Number(row.amount_tzs).toLocaleString('en-US'),
    control_number: row.control_number,
    due_date: row.due_date,
  };
}

interface EventRow {
  status: string;
  remark: string | null;
  created_at: Date;
  action: string | null;
  status_changed: boolean;
  details: Record<string, unknown>;
  by_kind: string | null;
  by_account_id: number | null;
  by_name: string | null;
}

/** A line of the history as staff see it: what happened, and who did it (null for the applicant's own moves). */
export function toStaffEvent(e: EventRow): StaffEvent {
  return {
    status: e.status,
    remark: e.remark,
    at: iso(e.created_at)!,
    action: e.action,
    status_changed: e.status_changed,
    details: e.details ?? {},
    by: e.by_kind === null ? null : { kind: e.by_kind, account_id: e.by_account_id, name: e.by_name ?? '' },
  };
}

import type { StepForm } from '../forms';
import type { Language } from '../reference-data';
import { referenceNumberProperty } from './reference-number';

/**
 * Requests for changes (issue 19, item 1): an officer returns an application under review with typed
 * requests (steps to answer again, documents to replace or add, each with a remark) and a deadline in
 * working days; the signed-in applicant answers only those and resubmits with a note. Every round is
 * kept: what was asked, by whom, what changed (answers before and after, replaced and new documents).
 *
 * Staff calls: POST /api/staff/<name> (return_for_changes, extend_changes, withdraw_overdue,
 * list_overdue_changes, list_holidays, add_holiday, remove_holiday). Applicant calls: POST
 * /api/dashboard/<name> (get_change_requests, save_change_step, resubmit_changes); a document asked
 * for is uploaded with the dashboard's upload (/api/attachment/upload without a reference number).
 */

export const MAX_CHANGE_REQUESTS = 20;
/** A deadline is 1 to 60 working days away. */
export const MIN_DEADLINE_WORKING_DAYS = 1;
export const MAX_DEADLINE_WORKING_DAYS = 60;
/** The applicant is reminded by SMS this many working days before the deadline (once). */
export const REMINDER_WORKING_DAYS = 3;
export const CHANGE_REMARK_MAX = 1000;
export const CHANGE_NOTE_MAX = 2000;
export const MAX_REQUEST_FIELDS = 50;

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' }) as const;
const name = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_]+$' } as const;
const workingDays = {
  type: 'integer',
  minimum: MIN_DEADLINE_WORKING_DAYS,
  maximum: MAX_DEADLINE_WORKING_DAYS,
} as const;
const isoDate = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;
const paging = {
  page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
  page_size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
} as const;

/** One request: a step (`step`, optionally which `fields`) or a document (`document_type`, `action`). */
export const changeRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'remark'],
  properties: {
    kind: { type: 'string', enum: ['step', 'document'] },
    step: name,
    fields: { type: 'array', maxItems: MAX_REQUEST_FIELDS, uniqueItems: true, items: name },
    document_type: name,
    action: { type: 'string', enum: ['replace', 'add'] },
    remark: text(CHANGE_REMARK_MAX),
  },
} as const;

export type ChangeRequest =
  | { kind: 'step'; step: string; fields?: string[]; remark: string }
  | { kind: 'document'; document_type: string; action: 'replace' | 'add'; remark: string };

/** As sent: which of the properties apply is checked by the server against the kind. */
export interface ChangeRequestInput {
  kind: 'step' | 'document';
  step?: string;
  fields?: string[];
  document_type?: string;
  action?: 'replace' | 'add';
  remark: string;
}

export const returnForChangesBody = {
  type: 'object',
  additionalProperties: false,
  required: ['reference_number', 'requests', 'deadline_working_days'],
  properties: {
    reference_number: referenceNumberProperty,
    requests: { type: 'array', minItems: 1, maxItems: MAX_CHANGE_REQUESTS, items: changeRequestSchema },
    deadline_working_days: workingDays,
    remark: { type: 'string', maxLength: CHANGE_REMARK_MAX },
  },
} as const;

export interface ReturnForChangesRequest {
  reference_number: string;
  requests: ChangeRequestInput[];
  deadline_working_days: number;
  remark?: string;
}

export const extendChangesBody = {
  type: 'object',
  additionalProperties: false,
  required: ['reference_number', 'deadline_working_days'],
  properties: {
    reference_number: referenceNumberProperty,
    deadline_working_days: workingDays,
    remark: { type: 'string', maxLength: CHANGE_REMARK_MAX },
  },
} as const;

export interface ExtendChangesRequest {
  reference_number: string;
  deadline_working_days: number;
  remark?: string;
}

export const withdrawOverdueBody = {
  type: 'object',
  additionalProperties: false,
  required: ['reference_number', 'reason'],
  properties: { reference_number: referenceNumberProperty, reason: text(500) },
} as const;

export interface WithdrawOverdueRequest {
  reference_number: string;
  reason: string;
}

export const listOverdueChangesBody = { type: 'object', additionalProperties: false, properties: paging } as const;

export interface ListOverdueChangesRequest {
  page: number;
  page_size: number;
}

export const listHolidaysBody = {
  type: 'object',
  additionalProperties: false,
  properties: { year: { type: 'integer', minimum: 2000, maximum: 2100 } },
} as const;

export const addHolidayBody = {
  type: 'object',
  additionalProperties: false,
  required: ['date', 'name_en', 'name_sw'],
  properties: { date: isoDate, name_en: text(100), name_sw: text(100) },
} as const;

export const removeHolidayBody = {
  type: 'object',
  additionalProperties: false,
  required: ['date'],
  properties: { date: isoDate },
} as const;

export interface Holiday {
  date: string;
  name_en: string;
  name_sw: string;
  /** An Islamic holiday whose date is announced each year: the expected date until staff correct it. */
  expected: boolean;
}

/** The state of a round: asked and waiting, answered (resubmitted), or ended by staff. */
export type ChangeRoundStatus = 'open' | 'resubmitted' | 'closed' | 'withdrawn';

/** What changed in a round: answers before and after per step, and per document the replaced and the new file. */
export interface RoundChanges {
  steps: Record<string, { before: Record<string, unknown> | null; after: Record<string, unknown> }>;
  documents: { document_type: string; replaced: string[]; attachment_id: string; at: string }[];
}

/** One round as staff see it (get_application's change_rounds, list_overdue_changes). */
export interface ChangeRound {
  number: number;
  status: ChangeRoundStatus;
  requests: ChangeRequest[];
  remark: string | null;
  due_date: string;
  asked_at: string;
  asked_by: string | null;
  overdue: boolean;
  reminded_at: string | null;
  changes: RoundChanges;
  note: string | null;
  resubmitted_at: string | null;
  extensions: { due_date: string; by: string | null; at: string; remark: string | null }[];
}

export interface OverdueChange {
  reference_number: string;
  round: number;
  due_date: string;
  overdue_since: string;
}

// The applicant's side (signed in).

export const saveChangeStepBody = {
  type: 'object',
  additionalProperties: false,
  required: ['step', 'data'],
  properties: { step: name, data: { type: 'object' } },
} as const;

export interface SaveChangeStepRequest {
  step: string;
  data: Record<string, unknown>;
}

export interface SaveChangeStepAnswer {
  step: string;
  done: true;
}

export const resubmitChangesBody = {
  type: 'object',
  additionalProperties: false,
  required: ['note'],
  properties: { note: text(CHANGE_NOTE_MAX) },
} as const;

export interface ResubmitChangesRequest {
  note: string;
}

export interface ResubmitChangesAnswer {
  reference_number: string;
  status: 'submitted';
  round: number;
}

/** A request as the applicant sees it: with whether it is answered in this round. */
export type ApplicantChangeRequest = ChangeRequest & { done: boolean };

/**
 * The asked steps as the application's own forms version has them (the version it was submitted
 * under, which may be older than the one served to new applications): the step editor draws them and
 * loads their validator for that version, so it checks exactly what the server will.
 */
export interface AskedForms {
  version: string;
  steps: Record<string, StepForm>;
  /** The texts these steps use, by dotted key (`repair.title`), in each language. */
  texts: Record<Language, Record<string, string>>;
}

/** /api/dashboard/get_change_requests */
export interface ChangeRequestsAnswer {
  /** The open round (the application is returned), or null. */
  open: {
    number: number;
    requests: ApplicantChangeRequest[];
    remark: string | null;
    due_date: string;
    /** Working days left until the deadline (0 on the day itself and after). */
    working_days_left: number;
    overdue: boolean;
    /** The forms version the application is answered in (the step editor loads its schemas). */
    forms_version: number | null;
    /** The asked steps' forms of that version. */
    forms: AskedForms;
    /** The current answers of the asked steps, to edit. */
    answers: Record<string, Record<string, unknown>>;
  } | null;
  /** Every round, oldest first, in plain words for the history. */
  rounds: {
    number: number;
    status: ChangeRoundStatus;
    asked_at: string;
    due_date: string;
    requests: ChangeRequest[];
    changed_steps: string[];
    changed_documents: string[];
    note: string | null;
    resubmitted_at: string | null;
  }[];
}

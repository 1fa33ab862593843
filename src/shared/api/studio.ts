import type { DocumentRule, FormsSet } from '../forms';
import type { FormsProblem } from '../forms-check/problems';
import type { LocalizedText } from '../reference-data';
import type { StaffRole } from './staff-session';

/**
 * The form studio (issue 18, item 2): the wire contract of /api/staff/studio/*, defined once (the routes
 * validate with these schemas; the studio's RTK Query endpoints and its mocks use these types).
 *
 * There is one draft of the next forms version, shared by the editors. It starts as a copy of the live
 * version and is saved as the editors type, one item at a time. Each item has a revision: a save names
 * the revision the editor last saw (`base`), and a save on top of someone else's newer change of the
 * same item is refused (409 `studio_conflict`, with who changed it and what it is now), never silently
 * overwritten. Items: `question:<step>.<field>`, `step:<step>` (its title, description, question
 * order and, in advanced mode, its raw JSON Schema and UI schema), `flows`, `document:<id>`, `texts`,
 * `fees` (the fee schedule, saved whole).
 * A question's save changes its step too: an advanced save of a step conflicts with any change of one
 * of its questions since that editor loaded it, and two editors changing two different questions of
 * one step do not conflict.
 *
 * The calls (POST, JSON envelope, under STUDIO_API): get_draft {}, save_question, save_step,
 * save_flows, save_fees, save_document, import_texts, discard_draft {} (the draft becomes the live version again)
 * → StudioDraftAnswer; diff {} → DiffAnswer; publish → PublishAnswer; rollback → PublishAnswer;
 * history → HistoryAnswer; export_texts {} → { csv, file_name }; audit → AuditAnswer (admins).
 * Editors (STUDIO_EDITOR_ROLES) call all but publish and rollback (STUDIO_PUBLISHER_ROLES) and audit
 * (STUDIO_AUDIT_ROLES). Every answer is no-store; every action is in the audit.
 *
 * Every answer that changes the draft carries the draft as it is now and the checker's problems, so
 * the studio shows them next to what they are about as the editor types; an error blocks publish.
 */

/** Who may open the studio and edit the draft. */
export const STUDIO_EDITOR_ROLES: readonly StaffRole[] = ['policy_editor', 'policy_publisher', 'admin'];
/** Who may publish the draft and roll back to an earlier version (the same as reload_forms). */
export const STUDIO_PUBLISHER_ROLES: readonly StaffRole[] = ['policy_publisher', 'admin'];
/** Who may read the audit of studio actions. */
export const STUDIO_AUDIT_ROLES: readonly StaffRole[] = ['admin'];

export const STUDIO_API = '/api/staff/studio';
/** The studio's pages (the app's /studio route, its own lazy bundle) and the preview frame's page. */
export const STUDIO_PAGE = '/studio';
export const STUDIO_PREVIEW_PAGE = '/studio/preview';

// ---------------------------------------------------------------------------------------------
// Questions, as a non-programmer edits them: the step's JSON Schema, UI schema and texts are
// generated from these (src/shared/studio/), and read back from them where a field fits the model.
// ---------------------------------------------------------------------------------------------

/** The kinds of answer the question editor offers. */
export const ANSWER_TYPES = [
  'text',
  'long_text',
  'number',
  'whole_number',
  'yes_no',
  'choice',
  'date',
  'reference_list',
] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

/** A field name: lower-case letters, digits and `_`, starting with a letter. */
export const FIELD_NAME_PATTERN = '^[a-z][a-z0-9_]{0,63}$';

export interface QuestionOption {
  /** What is saved (a code: lower-case letters, digits, `_`). */
  value: string;
  label: LocalizedText;
}

/** "Show only when <earlier question of the same step> is <value>". */
export interface ShowWhen {
  field: string;
  equals: string | number | boolean;
}

/** One question of a step, in the editor's words. */
export interface QuestionSpec {
  /** Its field name (the key of its answer); never changed once published (answers are kept by it). */
  name: string;
  type: AnswerType;
  label: LocalizedText;
  /** Help under the question; empty in both languages for none. */
  help: LocalizedText;
  required: boolean;
  /** Text: a pattern the answer must match, with its description in plain words in both languages. */
  format?: { pattern: string; description: LocalizedText };
  /** Text: length limits. */
  min_length?: number;
  max_length?: number;
  /** Numbers: limits. */
  minimum?: number;
  maximum?: number;
  /** Choice: the options, in order. */
  options?: QuestionOption[];
  /** Reference list: which list (src/shared/forms.ts REFERENCE_LISTS). */
  reference_list?: string;
  show_when?: ShowWhen;
}

/** A field the model cannot express (a table, a computed total, a widget of its own): advanced mode only. */
export interface AdvancedField {
  name: string;
  label: LocalizedText;
  /** Why it is advanced only, in English (for the studio's tooltip); the studio says it in its language by `kind`. */
  kind: 'table' | 'computed' | 'widget' | 'other';
}

// ---------------------------------------------------------------------------------------------
// The draft
// ---------------------------------------------------------------------------------------------

/** A problem of the draft, placed: the step and field it is about when it is about one. */
export interface StudioProblem extends FormsProblem {
  step?: string;
  field?: string;
  document?: string;
}

export interface StudioDraft {
  set: FormsSet;
  /** The live version the draft was started from (the draft is reset to it after a publish). */
  based_on: number;
  /** Each item's revision (see the top of this file); an item never saved is at 0. */
  revisions: Record<string, number>;
  /** The whole draft's revision: any save raises it (a publish names the one it previewed). */
  revision: number;
  updated_by: string | null;
  updated_at: string | null;
}

/** get_draft's answer, and the answer of every call that changes the draft. */
export interface StudioDraftAnswer {
  draft: StudioDraft;
  /** The version applicants are served now. */
  live_version: number;
  problems: StudioProblem[];
}

/** A save refused because someone saved the same item since `base` (409 studio_conflict). */
export interface StudioConflict {
  item: string;
  /** The item's revision now, to save on top of it once the editor has seen it. */
  revision: number;
  by: string | null;
  at: string | null;
  /** The question as it is now (for a question item), or null when it was removed. */
  question?: QuestionSpec | null;
}

const localized = (max: number) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['en', 'sw'],
    properties: { en: { type: 'string', maxLength: max }, sw: { type: 'string', maxLength: max } },
  }) as const;

const base = { type: 'integer', minimum: 0, maximum: 2_147_483_647 } as const;
const stepName = { type: 'string', pattern: FIELD_NAME_PATTERN } as const;

export const questionSpecSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'type', 'label', 'help', 'required'],
  properties: {
    name: { type: 'string', pattern: FIELD_NAME_PATTERN },
    type: { type: 'string', enum: ANSWER_TYPES },
    label: localized(300),
    help: localized(1000),
    required: { type: 'boolean' },
    format: {
      type: 'object',
      additionalProperties: false,
      required: ['pattern', 'description'],
      properties: { pattern: { type: 'string', minLength: 1, maxLength: 300 }, description: localized(300) },
    },
    min_length: { type: 'integer', minimum: 0, maximum: 100_000 },
    max_length: { type: 'integer', minimum: 1, maximum: 100_000 },
    minimum: { type: 'number' },
    maximum: { type: 'number' },
    options: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['value', 'label'],
        properties: { value: { type: 'string', pattern: FIELD_NAME_PATTERN }, label: localized(300) },
      },
    },
    reference_list: { type: 'string', maxLength: 64 },
    show_when: {
      type: 'object',
      additionalProperties: false,
      required: ['field', 'equals'],
      properties: {
        field: { type: 'string', pattern: FIELD_NAME_PATTERN },
        equals: { type: ['string', 'number', 'boolean'], maxLength: 200 },
      },
    },
  },
} as const;

/** save_question: add, change or (question: null) remove one question of a step. */
export const saveQuestionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['step', 'name', 'base', 'question'],
  properties: {
    step: stepName,
    /** The field as the editor loaded it (for a new question, its new name). */
    name: { type: 'string', pattern: FIELD_NAME_PATTERN },
    base,
    question: { anyOf: [questionSpecSchema, { type: 'null' }] },
    /** Where in the step's order (0-based); at the end when absent. */
    position: { type: 'integer', minimum: 0, maximum: 500 },
    /** A new question: refused (422) when the step has a field of that name, never written over it. */
    create: { type: 'boolean' },
  },
} as const;

export interface SaveQuestionRequest {
  step: string;
  name: string;
  base: number;
  question: QuestionSpec | null;
  position?: number;
  create?: boolean;
}

/** save_step: a step's title and description, and (advanced mode) its raw JSON Schema and UI schema. */
export const saveStepBody = {
  type: 'object',
  additionalProperties: false,
  required: ['step', 'base'],
  properties: {
    step: stepName,
    base,
    title: localized(300),
    description: localized(2000),
    schema: { type: 'object' },
    ui_schema: { type: 'object' },
  },
} as const;

export interface SaveStepRequest {
  step: string;
  base: number;
  title?: LocalizedText;
  description?: LocalizedText;
  schema?: Record<string, unknown>;
  ui_schema?: Record<string, unknown>;
}

/** save_flows: which steps each application type asks, in order. */
export const saveFlowsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['base', 'flows'],
  properties: {
    base,
    flows: {
      type: 'object',
      additionalProperties: { type: 'array', maxItems: 50, items: stepName },
    },
  },
} as const;

export interface SaveFlowsRequest {
  base: number;
  flows: Readonly<Record<string, readonly string[]>>;
}

/**
 * save_fees: the whole fee schedule (schemas/fees.json, src/shared/fees/fee-schedule.ts). Only its size
 * is bounded here; what it says is checked by the checker (fees-check.ts), whose problems the answer
 * carries, so a schedule with mistakes is still saved and shown next to them.
 */
export const saveFeesBody = {
  type: 'object',
  additionalProperties: false,
  required: ['base', 'fees'],
  properties: {
    base,
    fees: {
      type: 'object',
      maxProperties: 8,
      properties: {
        names: { type: 'object', maxProperties: 12 },
        types: {
          type: 'object',
          maxProperties: 12,
          additionalProperties: { type: 'object', maxProperties: 16 },
        },
      },
    },
  },
} as const;

export interface SaveFeesRequest {
  base: number;
  fees: Readonly<Record<string, unknown>>;
}

/** save_document: add, change or (document: null) remove one document (src/shared/forms.ts DocumentRule). */
export const saveDocumentBody = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'base', 'document'],
  properties: {
    id: { type: 'string', pattern: FIELD_NAME_PATTERN },
    base,
    /** Checked whole by the checker (documents-check.ts); where in the list (0-based), at the end when absent. */
    document: { anyOf: [{ type: 'object' }, { type: 'null' }] },
    position: { type: 'integer', minimum: 0, maximum: 500 },
  },
} as const;

export interface SaveDocumentRequest {
  id: string;
  base: number;
  document: DocumentRule | null;
  position?: number;
}

/** publish: the draft as previewed (its revision), with a summary of why. */
export const PUBLISH_SUMMARY_MAX = 500;
export const publishBody = {
  type: 'object',
  additionalProperties: false,
  required: ['revision', 'summary'],
  properties: {
    revision: base,
    summary: { type: 'string', minLength: 1, maxLength: PUBLISH_SUMMARY_MAX, pattern: '\\S' },
  },
} as const;

export interface PublishRequest {
  /** The draft's revision the publisher previewed: a draft changed since is not published (409). */
  revision: number;
  summary: string;
}

export interface PublishAnswer {
  version: number;
}

/** rollback: publish an earlier version's content again, as a new version. */
export const rollbackBody = {
  type: 'object',
  additionalProperties: false,
  required: ['version', 'summary'],
  properties: {
    version: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    summary: publishBody.properties.summary,
  },
} as const;

export interface RollbackRequest {
  version: number;
  summary: string;
}

// ---------------------------------------------------------------------------------------------
// The diff in words and its impact
// ---------------------------------------------------------------------------------------------

/**
 * One change between two forms sets, structured so the studio says it in words in either language:
 * e.g. { kind: 'question_added', step: 'construction', field: 'title_deed', required: true, label }
 * → "Construction: new required question 'Plot title deed number'".
 */
export interface FormsChange {
  kind:
    | 'step_added'
    | 'step_removed'
    | 'flow_changed'
    | 'question_added'
    | 'question_removed'
    | 'question_changed'
    | 'text_changed'
    | 'document_added'
    | 'document_removed'
    | 'document_changed';
  step?: string;
  /** The step's title in both languages (after the change; before it for a removal). */
  step_title?: LocalizedText;
  field?: string;
  /** The question's label in both languages (after the change; before it for a removal). */
  label?: LocalizedText;
  required?: boolean;
  /** question_changed: what changed, by name ('required', 'type', 'format', 'limits', 'options', 'show_when', 'help'). */
  what?: string[];
  /** flow_changed: the application type. */
  flow?: string;
  document?: string;
  /** text_changed: the text's key, language and words before and after. */
  key?: string;
  language?: 'en' | 'sw';
  before?: string;
  after?: string;
}

/** Who a change touches: the drafts in flight (saved, not submitted) under the live version. */
export interface ChangeImpact {
  /** The drafts looked at (the newest, at most IMPACT_DRAFTS_MAX). */
  drafts_checked: number;
  /** All drafts in flight (may be more than were looked at). */
  drafts_in_flight: number;
  /** The drafts that would be asked something new when they continue. */
  drafts_touched: number;
  /** What they would be asked: each question (its label key resolved in both languages) and how many drafts. */
  questions: { step: string; field?: string; label: LocalizedText; drafts: number }[];
}

/** The most drafts one impact looks at: a constant bound on the request's work. */
export const IMPACT_DRAFTS_MAX = 2000;

export interface DiffAnswer {
  live_version: number;
  changes: FormsChange[];
  impact: ChangeImpact;
}

// ---------------------------------------------------------------------------------------------
// History, translations, audit
// ---------------------------------------------------------------------------------------------

export interface HistoryEntry {
  version: number;
  published_at: string;
  published_by: string;
  reason: string;
  /** What it changed from the version before it (none for the first). */
  changes: FormsChange[];
  /** It is the version applicants are served. */
  live: boolean;
}

/** history: newest first, a page at a time (before: the version to start below). */
export const historyBody = {
  type: 'object',
  additionalProperties: false,
  properties: { before: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
} as const;
export const HISTORY_PAGE = 20;

export interface HistoryAnswer {
  versions: HistoryEntry[];
  /** The version to ask `before` for the next page, when there is one. */
  next_before?: number;
}

/**
 * The translation round trip: export_texts answers the draft's texts as CSV (key, English, Swahili,
 * English when the Swahili was last imported or published); import_texts takes such a file back.
 * Columns: key,en,sw,en_at_export.
 */
export const TEXTS_CSV_COLUMNS = ['key', 'en', 'sw', 'en_at_export'] as const;
export const TEXTS_CSV_MAX_BYTES = 2_000_000;

export const importTextsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['base', 'csv'],
  properties: { base, csv: { type: 'string', minLength: 1, maxLength: TEXTS_CSV_MAX_BYTES } },
} as const;

export interface ImportTextsRequest {
  base: number;
  csv: string;
}

export interface ImportTextsAnswer extends StudioDraftAnswer {
  /** Texts whose Swahili the file changed. */
  updated: number;
  /** Keys still without Swahili (or English) after the import. */
  missing: string[];
  /** Keys whose English changed since the file was exported: their Swahili is to be checked again. */
  changed_in_english: string[];
  /** Keys the file has that the draft does not (ignored). */
  unknown: string[];
}

export interface ExportTextsAnswer {
  csv: string;
  file_name: string;
}

export interface AuditEntry {
  id: number;
  at: string;
  by: string;
  /** What was done: 'save_question', 'save_step', 'save_flows', 'save_fees', 'import_texts', 'discard_draft', 'publish', 'rollback', 'export_texts'. */
  action: string;
  /** What it was done to, in a word or two ("construction.title_deed", "version 7"). */
  subject: string;
}

export const auditBody = {
  type: 'object',
  additionalProperties: false,
  properties: { before: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } },
} as const;
export const AUDIT_PAGE = 50;

export interface AuditAnswer {
  entries: AuditEntry[];
  next_before?: number;
}

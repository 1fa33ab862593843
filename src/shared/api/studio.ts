import { staffErrors } from './staff-errors';
import { localizedTextSchema } from './common-schemas';
import type { FromSchema } from 'json-schema-to-ts';
import type { FeeSchedule } from '../fees/fee-schedule';
import type { DocumentRule, FormsSet } from '../forms';
import type { LocalizedText } from '../reference-data';
import { apiCall, type AnswerOf, type RequestOf, apiError } from './call';
import { emptyBodySchema } from './empty-body';
import type { StaffRole } from './staff-session';
import { dataOf, plainError } from './errors';

/**
 * The form studio (issue 18, item 2): the wire contract of /api/staff/studio/*, defined once (issue 20,
 * item 1: src/shared/api/call.ts). The routes (src/server/studio/studio-routes.ts) are built from these
 * calls, the services take their request types, and the studio's RTK Query endpoints
 * (src/client/studio/studio-api.ts) and its mocks send and answer them.
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
 * The calls (POST, JSON envelope, under STUDIO_API): getDraft, saveQuestion, saveStep, saveFlows,
 * saveFees, saveDocument, importTexts, discardDraft (the draft becomes the live version again) answer
 * the draft (StudioDraftAnswer); getDiff → DiffAnswer; publishDraft and rollbackVersion → PublishAnswer;
 * getHistory → HistoryAnswer; exportTexts → { csv, file_name }; getAudit → AuditAnswer (admins).
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

/** Where the studio's calls are (each call's own path is its `path`). */
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

/** A text in both languages, as the studio sends it (bounded). */
const localized = (max: number) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['en', 'sw'],
    properties: { en: { type: 'string', maxLength: max }, sw: { type: 'string', maxLength: max } },
  }) as const;

const base = { type: 'integer', minimum: 0, maximum: 2_147_483_647 } as const;
const stepName = { type: 'string', pattern: FIELD_NAME_PATTERN } as const;
const fieldName = { type: 'string', pattern: FIELD_NAME_PATTERN } as const;
/** A page's `next_before`: the number to ask `before` for the next page, when there is one. */
const nextBefore = { type: 'integer', minimum: 1 } as const;

/** One question of a step, in the editor's words. */
export const questionSpecSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'type', 'label', 'help', 'required'],
  properties: {
    /** Its field name (the key of its answer); never changed once published (answers are kept by it). */
    name: fieldName,
    type: { type: 'string', enum: ANSWER_TYPES },
    label: localized(300),
    /** Help under the question; empty in both languages for none. */
    help: localized(1000),
    required: { type: 'boolean' },
    /** Text: a pattern the answer must match, with its description in plain words in both languages. */
    format: {
      type: 'object',
      additionalProperties: false,
      required: ['pattern', 'description'],
      properties: { pattern: { type: 'string', minLength: 1, maxLength: 300 }, description: localized(300) },
    },
    /** Text: length limits. */
    min_length: { type: 'integer', minimum: 0, maximum: 100_000 },
    max_length: { type: 'integer', minimum: 1, maximum: 100_000 },
    /** Numbers: limits. */
    minimum: { type: 'number' },
    maximum: { type: 'number' },
    /** Choice: the options, in order; each saves its `value` (a code: lower-case letters, digits, `_`). */
    options: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['value', 'label'],
        properties: { value: fieldName, label: localized(300) },
      },
    },
    /** Reference list: which list (src/shared/forms.ts REFERENCE_LISTS). */
    reference_list: { type: 'string', maxLength: 64 },
    /** "Show only when <earlier question of the same step> is <value>". */
    show_when: {
      type: 'object',
      additionalProperties: false,
      required: ['field', 'equals'],
      properties: {
        field: fieldName,
        // One type each (not a union of types, which ajv's strict mode warns of wherever it compiles this).
        equals: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'number' }, { type: 'boolean' }] },
      },
    },
  },
} as const;

export type QuestionSpec = FromSchema<typeof questionSpecSchema>;
export type QuestionOption = NonNullable<QuestionSpec['options']>[number];
export type ShowWhen = NonNullable<QuestionSpec['show_when']>;

/**
 * A field the model cannot express (a table, a computed total, a widget of its own): advanced mode only.
 * Read from the draft's step by the studio (src/shared/studio/step-view.ts), not sent by any call.
 */
export interface AdvancedField {
  name: string;
  label: LocalizedText;
  /** Why it is advanced only, in English (for the studio's tooltip); the studio says it in its language by `kind`. */
  kind: 'table' | 'computed' | 'widget' | 'other';
}

// ---------------------------------------------------------------------------------------------
// The draft
// ---------------------------------------------------------------------------------------------

/**
 * A problem of the draft (src/shared/forms-check/problems.ts FormsProblem), placed: the step, field or
 * document it is about.
 */
const studioProblemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['file', 'message', 'severity'],
  properties: {
    file: { type: 'string' },
    at: { type: 'string' },
    path: { type: 'array', items: { type: ['string', 'number'] } },
    message: { type: 'string' },
    severity: { type: 'string', enum: ['error', 'warning'] },
    code: { type: 'string' },
    params: { type: 'object', additionalProperties: { type: ['string', 'number'] } },
    step: { type: 'string' },
    field: { type: 'string' },
    document: { type: 'string' },
  },
} as const;
export type StudioProblem = FromSchema<typeof studioProblemSchema>;

/** 422 forms_problems of a publish or a rollback: the draft's (or the version's) problems, placed; nothing was published. */
export const studioFormsProblems = /* @__PURE__ */ apiError({
  status: 422,
  code: 'forms_problems',
  data: dataOf({ problems: { type: 'array', items: studioProblemSchema } }),
} as const);

/** A whole forms set (src/shared/forms.ts FormsSet): its parts are form content, open here. */
const formsSetSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['steps', 'flows', 'texts', 'documents'],
  properties: {
    steps: { type: 'object' },
    flows: { type: 'object' },
    texts: { type: 'object' },
    documents: { type: 'array', items: { type: 'object' } },
    fees: { type: 'object' },
  },
} as const;

/** get_draft's answer, and the answer of every call that changes the draft. */
const studioDraftAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['draft', 'live_version', 'problems'],
  properties: {
    draft: {
      type: 'object',
      additionalProperties: false,
      required: ['set', 'based_on', 'revisions', 'revision', 'updated_by', 'updated_at'],
      properties: {
        set: formsSetSchema,
        /** The live version the draft was started from (the draft is reset to it after a publish). */
        based_on: { type: 'integer' },
        /** Each item's revision (see the top of this file); an item never saved is at 0. */
        revisions: { type: 'object', additionalProperties: { type: 'integer' } },
        /** The whole draft's revision: any save raises it (a publish names the one it previewed). */
        revision: { type: 'integer' },
        updated_by: { type: ['string', 'null'] },
        updated_at: { type: ['string', 'null'], format: 'date-time' },
      },
    },
    /** The version applicants are served now. */
    live_version: { type: 'integer' },
    problems: { type: 'array', items: studioProblemSchema },
  },
} as const;

export const getDraft = apiCall({
  path: '/api/staff/studio/get_draft',
  method: 'POST',
  body: emptyBodySchema,
  answer: studioDraftAnswerSchema,
  errors: [...staffErrors],
} as const);

/** The draft as it comes (the set's parts open) and as the studio reads it: its set a FormsSet. */
export type WithFormsSet<A extends { draft: { set: unknown } }> = Omit<A, 'draft'> & {
  draft: Omit<A['draft'], 'set'> & { set: FormsSet };
};
export type StudioDraftAnswer = WithFormsSet<AnswerOf<typeof getDraft>>;
export type StudioDraft = StudioDraftAnswer['draft'];

/** A save refused because someone saved the same item since `base` (409 studio_conflict's data). */
export interface StudioConflict {
  item: string;
  /** The item's revision now, to save on top of it once the editor has seen it. */
  revision: number;
  by: string | null;
  at: string | null;
  /** The question as it is now (for a question item), or null when it was removed. */
  question?: QuestionSpec | null;
}

/** A refused part of the studio's change: where (`path`, a JSON pointer, or `part`, the setting) and why. */
const studioFieldErrorsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['errors'],
  properties: {
    errors: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['message'],
        properties: { path: { type: 'string' }, part: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
} as const;

/** 409 studio.conflict: the item changed since the editor read it (StudioConflict). */
export const studioConflict = /* @__PURE__ */ apiError({
  status: 409,
  code: 'studio.conflict',
  data: {
    type: 'object',
    additionalProperties: false,
    required: ['item', 'revision', 'by', 'at'],
    properties: {
      item: { type: 'string' },
      revision: { type: 'integer' },
      by: { type: ['string', 'null'] },
      at: { type: ['string', 'null'] },
      question: { anyOf: [{ type: 'object' }, { type: 'null' }] },
    },
  },
} as const);
export const studioDraftMoved = /* @__PURE__ */ apiError({
  status: 409,
  code: 'studio.draft_moved',
  data: dataOf({ revision: { type: 'integer' } }),
} as const);
export const studioQuestionInvalid = /* @__PURE__ */ apiError({
  status: 422,
  code: 'studio.question_invalid',
  data: studioFieldErrorsSchema,
} as const);
export const studioTextRefused = /* @__PURE__ */ apiError({
  status: 422,
  code: 'studio.text_refused',
  data: studioFieldErrorsSchema,
} as const);
export const studioUnknownStep = /* @__PURE__ */ plainError(404, 'studio.unknown_step');
export const studioVersionNotFound = /* @__PURE__ */ plainError(404, 'studio.version_not_found');
export const studioBusy = /* @__PURE__ */ plainError(409, 'studio.busy');
export const studioTooLarge = /* @__PURE__ */ plainError(413, 'studio.too_large');
export const studioCheckFailed = /* @__PURE__ */ plainError(503, 'studio.check_failed');
export const studioCsvErrors = /* @__PURE__ */ (() =>
  [
    apiError({ status: 422, code: 'studio.csv_malformed', data: dataOf({ line: { type: 'integer' } }) } as const),
    apiError({
      status: 422,
      code: 'studio.csv_text_hidden',
      data: dataOf({ line: { type: 'integer' }, key: { type: 'string' } }),
    } as const),
    apiError({
      status: 422,
      code: 'studio.csv_text_too_long',
      data: dataOf({ line: { type: 'integer' }, key: { type: 'string' } }),
    } as const),
    apiError({
      status: 422,
      code: 'studio.csv_columns',
      data: dataOf({ line: { type: 'integer' }, columns: { type: 'array', items: { type: 'string' } } }),
    } as const),
  ] as const)();
/** The refusals of every change to the studio's draft: a newer change of the item, a draft too large, another change in progress, text with hidden characters. */
export const studioChangeErrors = /* @__PURE__ */ (() =>
  [studioConflict, studioTooLarge, studioBusy, studioTextRefused] as const)();

/** save_question: add, change or (question: null) remove one question of a step. */
export const saveQuestion = apiCall({
  path: '/api/staff/studio/save_question',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['step', 'name', 'base', 'question'],
    properties: {
      step: stepName,
      /** The field as the editor loaded it (for a new question, its new name). */
      name: fieldName,
      base,
      question: { anyOf: [questionSpecSchema, { type: 'null' }] },
      /** Where in the step's order (0-based); at the end when absent. */
      position: { type: 'integer', minimum: 0, maximum: 500 },
      /** A new question: refused (422) when the step has a field of that name, never written over it. */
      create: { type: 'boolean' },
    },
  },
  answer: studioDraftAnswerSchema,
  errors: [...staffErrors, ...studioChangeErrors, studioQuestionInvalid, studioUnknownStep],
} as const);
export type SaveQuestionRequest = RequestOf<typeof saveQuestion>;

/** save_step: a step's title and description, and (advanced mode) its raw JSON Schema and UI schema. */
export const saveStep = apiCall({
  path: '/api/staff/studio/save_step',
  method: 'POST',
  body: {
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
  },
  answer: studioDraftAnswerSchema,
  errors: [...staffErrors, ...studioChangeErrors, studioUnknownStep],
} as const);
export type SaveStepRequest = RequestOf<typeof saveStep>;

/** save_flows: which steps each application type asks, in order. */
export const saveFlows = apiCall({
  path: '/api/staff/studio/save_flows',
  method: 'POST',
  body: {
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
  },
  answer: studioDraftAnswerSchema,
  errors: [...staffErrors, ...studioChangeErrors],
} as const);
/** What the studio sends: its flows as it edits them (never changed in place). */
export type SaveFlowsRequest = Omit<RequestOf<typeof saveFlows>, 'flows'> & {
  flows: Readonly<Record<string, readonly string[]>>;
};

/**
 * save_fees: the whole fee schedule (schemas/fees.json, src/shared/fees/fee-schedule.ts). Only its size
 * is bounded here; what it says is checked by the checker (fees-check.ts), whose problems the answer
 * carries, so a schedule with mistakes is still saved and shown next to them.
 */
export const saveFees = apiCall({
  path: '/api/staff/studio/save_fees',
  method: 'POST',
  body: {
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
  },
  answer: studioDraftAnswerSchema,
  errors: [...staffErrors, ...studioChangeErrors],
} as const);
/** What the studio sends: the schedule as it edits it (checked by the server's checker, not here). */
export type SaveFeesRequest = Omit<RequestOf<typeof saveFees>, 'fees'> & { fees: FeeSchedule };

/** save_document: add, change or (document: null) remove one document (src/shared/forms.ts DocumentRule). */
export const saveDocument = apiCall({
  path: '/api/staff/studio/save_document',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'base', 'document'],
    properties: {
      id: fieldName,
      base,
      /** Checked whole by the checker (documents-check.ts). */
      document: { anyOf: [{ type: 'object' }, { type: 'null' }] },
      /** Where in the list (0-based); at the end when absent. */
      position: { type: 'integer', minimum: 0, maximum: 500 },
    },
  },
  answer: studioDraftAnswerSchema,
  errors: [...staffErrors, ...studioChangeErrors],
} as const);
/** What the studio sends: the document as the draft has it. */
export type SaveDocumentRequest = Omit<RequestOf<typeof saveDocument>, 'document'> & {
  document: DocumentRule | null;
};

/** discard_draft: the draft becomes the live version again. */
export const discardDraft = apiCall({
  path: '/api/staff/studio/discard_draft',
  method: 'POST',
  body: emptyBodySchema,
  answer: studioDraftAnswerSchema,
  errors: [...staffErrors],
} as const);

/** publish: the draft as previewed (its revision), with a summary of why. */
export const PUBLISH_SUMMARY_MAX = 500;
const publishSummary = { type: 'string', minLength: 1, maxLength: PUBLISH_SUMMARY_MAX, pattern: '\\S' } as const;
/** What publish and rollback answer: the version published. */
const publishAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['version'],
  properties: { version: { type: 'integer' } },
} as const;

export const publishDraft = apiCall({
  path: '/api/staff/studio/publish',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['revision', 'summary'],
    properties: {
      /** The draft's revision the publisher previewed: a draft changed since is not published (409). */
      revision: base,
      summary: publishSummary,
    },
  },
  answer: publishAnswer,
  errors: [...staffErrors, studioFormsProblems, studioDraftMoved, studioBusy, studioCheckFailed],
} as const);
export type PublishRequest = RequestOf<typeof publishDraft>;
export type PublishAnswer = AnswerOf<typeof publishDraft>;

/** rollback: publish an earlier version's content again, as a new version. */
export const rollbackVersion = apiCall({
  path: '/api/staff/studio/rollback',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['version', 'summary'],
    properties: {
      version: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
      summary: publishSummary,
    },
  },
  answer: publishAnswer,
  errors: [...staffErrors, studioVersionNotFound, studioFormsProblems, studioBusy, studioCheckFailed],
} as const);
export type RollbackRequest = RequestOf<typeof rollbackVersion>;

// ---------------------------------------------------------------------------------------------
// The diff in words and its impact
// ---------------------------------------------------------------------------------------------

export const FORMS_CHANGE_KINDS = [
  'step_added',
  'step_removed',
  'flow_changed',
  'question_added',
  'question_removed',
  'question_changed',
  'text_changed',
  'document_added',
  'document_removed',
  'document_changed',
] as const;

/**
 * A document's `name` (a document change's label) or `required` as the draft has it: save_document keeps
 * what the checker refuses too (its problems say so), and the diff still answers, with these as they are.
 */
const asDrafted = {
  description: 'A document’s own value in the draft, as saved (the checker’s problems say when it is wrong)',
} as const;

/**
 * One change between two forms sets, structured so the studio says it in words in either language:
 * e.g. { kind: 'question_added', step: 'construction', field: 'title_deed', required: true, label }
 * → "Construction: new required question 'Plot title deed number'".
 */
const formsChangeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['kind'],
  properties: {
    kind: { type: 'string', enum: FORMS_CHANGE_KINDS },
    step: { type: 'string' },
    /** The step's title in both languages (after the change; before it for a removal). */
    step_title: localizedTextSchema,
    field: { type: 'string' },
    /**
     * The question's label in both languages (after the change; before it for a removal); a document's
     * name, which a draft's document the checker refuses may have otherwise.
     */
    label: { anyOf: [localizedTextSchema, asDrafted] },
    required: { anyOf: [{ type: 'boolean' }, asDrafted] },
    /** question_changed: what changed, by name ('required', 'type', 'format', 'limits', 'options', 'show_when', 'help'). */
    what: { type: 'array', items: { type: 'string' } },
    /** flow_changed: the application type. */
    flow: { type: 'string' },
    document: { type: 'string' },
    /** text_changed: the text's key, language and words before and after. */
    key: { type: 'string' },
    language: { type: 'string', enum: ['en', 'sw'] },
    before: { type: 'string' },
    after: { type: 'string' },
  },
} as const;
export type FormsChange = FromSchema<typeof formsChangeSchema>;

/** The most drafts one impact looks at: a constant bound on the request's work. */
export const IMPACT_DRAFTS_MAX = 2000;

/** diff: the draft's changes against the live version, and who they touch. */
export const getDiff = apiCall({
  path: '/api/staff/studio/diff',
  method: 'POST',
  body: emptyBodySchema,
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['live_version', 'changes', 'impact'],
    properties: {
      live_version: { type: 'integer' },
      changes: { type: 'array', items: formsChangeSchema },
      /** Who the changes touch: the drafts in flight (saved, not submitted) under the live version. */
      impact: {
        type: 'object',
        additionalProperties: false,
        required: ['drafts_checked', 'drafts_in_flight', 'drafts_touched', 'questions'],
        properties: {
          /** The drafts looked at (the newest, at most IMPACT_DRAFTS_MAX). */
          drafts_checked: { type: 'integer', minimum: 0 },
          /** All drafts in flight (may be more than were looked at). */
          drafts_in_flight: { type: 'integer', minimum: 0 },
          /** The drafts that would be asked something new when they continue. */
          drafts_touched: { type: 'integer', minimum: 0 },
          /** What they would be asked: each question (its label key resolved in both languages) and how many drafts. */
          questions: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['step', 'label', 'drafts'],
              properties: {
                step: { type: 'string' },
                field: { type: 'string' },
                label: localizedTextSchema,
                drafts: { type: 'integer', minimum: 1 },
              },
            },
          },
        },
      },
    },
  },
  errors: [...staffErrors],
} as const);
export type DiffAnswer = AnswerOf<typeof getDiff>;
export type ChangeImpact = DiffAnswer['impact'];

// ---------------------------------------------------------------------------------------------
// History, translations, audit
// ---------------------------------------------------------------------------------------------

export const HISTORY_PAGE = 20;

/** history: the published versions, newest first, a page at a time (before: the version to start below). */
export const getHistory = apiCall({
  path: '/api/staff/studio/history',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    properties: { before: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['versions'],
    properties: {
      versions: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['version', 'published_at', 'published_by', 'reason', 'changes', 'live'],
          properties: {
            version: { type: 'integer' },
            published_at: { type: 'string', format: 'date-time' },
            published_by: { type: 'string' },
            reason: { type: 'string' },
            /** What it changed from the version before it (none for the first). */
            changes: { type: 'array', items: formsChangeSchema },
            /** It is the version applicants are served. */
            live: { type: 'boolean' },
          },
        },
      },
      next_before: nextBefore,
    },
  },
  errors: [...staffErrors],
} as const);
export type HistoryRequest = RequestOf<typeof getHistory>;
export type HistoryAnswer = AnswerOf<typeof getHistory>;
export type HistoryEntry = HistoryAnswer['versions'][number];

/**
 * The translation round trip: export_texts answers the draft's texts as CSV (key, English, Swahili,
 * English when the Swahili was last imported or published); import_texts takes such a file back.
 * Columns: key,en,sw,en_at_export.
 */
export const TEXTS_CSV_COLUMNS = ['key', 'en', 'sw', 'en_at_export'] as const;
export const TEXTS_CSV_MAX_BYTES = 2_000_000;

export const exportTexts = apiCall({
  path: '/api/staff/studio/export_texts',
  method: 'POST',
  body: emptyBodySchema,
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['csv', 'file_name'],
    properties: { csv: { type: 'string' }, file_name: { type: 'string' } },
  },
  errors: [...staffErrors],
} as const);
export type ExportTextsAnswer = AnswerOf<typeof exportTexts>;

export const importTexts = apiCall({
  path: '/api/staff/studio/import_texts',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['base', 'csv'],
    properties: { base, csv: { type: 'string', minLength: 1, maxLength: TEXTS_CSV_MAX_BYTES } },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: [...studioDraftAnswerSchema.required, 'updated', 'missing', 'changed_in_english', 'unknown'],
    properties: {
      ...studioDraftAnswerSchema.properties,
      /** Texts whose Swahili the file changed. */
      updated: { type: 'integer', minimum: 0 },
      /** Keys still without Swahili (or English) after the import. */
      missing: { type: 'array', items: { type: 'string' } },
      /** Keys whose English changed since the file was exported: their Swahili is to be checked again. */
      changed_in_english: { type: 'array', items: { type: 'string' } },
      /** Keys the file has that the draft does not (ignored). */
      unknown: { type: 'array', items: { type: 'string' } },
    },
  },
  errors: [...staffErrors, ...studioCsvErrors, studioTextRefused, studioBusy, studioTooLarge, studioConflict],
} as const);
export type ImportTextsRequest = RequestOf<typeof importTexts>;
export type ImportTextsAnswer = WithFormsSet<AnswerOf<typeof importTexts>>;

export const AUDIT_PAGE = 50;

/** audit: every studio action, newest first, a page at a time (admins). */
export const getAudit = apiCall({
  path: '/api/staff/studio/audit',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    properties: { before: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['entries'],
    properties: {
      entries: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'at', 'by', 'action', 'subject'],
          properties: {
            id: { type: 'integer' },
            at: { type: 'string', format: 'date-time' },
            by: { type: 'string' },
            /** What was done: 'save_question', 'save_step', 'save_flows', 'save_fees', 'import_texts', 'discard_draft', 'publish', 'rollback', 'export_texts'. */
            action: { type: 'string' },
            /** What it was done to, in a word or two ("construction.title_deed", "version 7"). */
            subject: { type: 'string' },
          },
        },
      },
      next_before: nextBefore,
    },
  },
  errors: [...staffErrors],
} as const);
export type AuditRequest = RequestOf<typeof getAudit>;
export type AuditAnswer = AnswerOf<typeof getAudit>;
export type AuditEntry = AuditAnswer['entries'][number];

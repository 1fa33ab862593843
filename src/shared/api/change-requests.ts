import { staffErrors, illegalStatusMove, notOverdue, holidayExists, holidayNotFound } from './staff-errors';
import { nullableString } from './common-schemas';
import type { FromSchema } from 'json-schema-to-ts';
import { apiCall, apiError, type AnswerOf, type RequestOf } from './call';
import {
  engineerUnconfirmed,
  fieldErrorsSchema,
  unknownStep,
  validationFailed,
  dashboardErrors,
  stepNotAsked,
  changeRoundErrors,
  applicationNotFound,
  noOpenRound,
} from './errors';
import { emptyBodySchema } from './empty-body';
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

/** A request as kept (checked against the application's forms): a step's, or a document's. */
const stepRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'step', 'remark'],
  properties: {
    kind: { type: 'string', const: 'step' },
    step: { type: 'string' },
    /** Which of its fields, when not the whole step. */
    fields: { type: 'array', items: { type: 'string' } },
    remark: { type: 'string' },
  },
} as const;
const documentRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'document_type', 'action', 'remark'],
  properties: {
    kind: { type: 'string', const: 'document' },
    document_type: { type: 'string' },
    action: { type: 'string', enum: ['replace', 'add'] },
    remark: { type: 'string' },
  },
} as const;
export const storedChangeRequestSchema = { oneOf: [stepRequestSchema, documentRequestSchema] } as const;
export type ChangeRequest = FromSchema<typeof storedChangeRequestSchema>;

/** The state of a round: asked and waiting, answered (resubmitted), or ended by staff. */
export const CHANGE_ROUND_STATUSES = ['open', 'resubmitted', 'closed', 'withdrawn'] as const;
export type ChangeRoundStatus = (typeof CHANGE_ROUND_STATUSES)[number];

// The staff's side: POST /api/staff/<name>.

/** Set when the change was made and the notice written, but the SMS failed (it is retried). */
const smsFailed = { type: 'boolean', const: true } as const;
/** A step's answers, by field name. */
const stepAnswers = { type: 'object' } as const;

/** What changed in a round: answers before and after per step, and per document the replaced and the new file. */
const roundChangesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['steps', 'documents'],
  properties: {
    steps: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['before', 'after'],
        properties: { before: { anyOf: [stepAnswers, { type: 'null' }] }, after: stepAnswers },
      },
    },
    documents: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['document_type', 'replaced', 'attachment_id', 'at'],
        properties: {
          document_type: { type: 'string' },
          replaced: { type: 'array', items: { type: 'string' } },
          attachment_id: { type: 'string' },
          at: { type: 'string' },
        },
      },
    },
  },
} as const;
export type RoundChanges = FromSchema<typeof roundChangesSchema>;

/** One round as staff see it (get_application's change_rounds, return_for_changes). */
export const changeRoundSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'number',
    'status',
    'requests',
    'remark',
    'due_date',
    'asked_at',
    'asked_by',
    'overdue',
    'reminded_at',
    'changes',
    'note',
    'resubmitted_at',
    'extensions',
  ],
  properties: {
    number: { type: 'integer', minimum: 1 },
    status: { type: 'string', enum: CHANGE_ROUND_STATUSES },
    requests: { type: 'array', items: storedChangeRequestSchema },
    remark: nullableString,
    due_date: { type: 'string' },
    asked_at: { type: 'string' },
    asked_by: nullableString,
    overdue: { type: 'boolean' },
    reminded_at: nullableString,
    changes: roundChangesSchema,
    note: nullableString,
    resubmitted_at: nullableString,
    /** Each new deadline given, oldest first. */
    extensions: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['due_date', 'by', 'at', 'remark'],
        properties: {
          due_date: { type: 'string' },
          by: nullableString,
          at: { type: 'string' },
          remark: nullableString,
        },
      },
    },
  },
} as const;
export type ChangeRound = FromSchema<typeof changeRoundSchema>;

/** Return an application under review for changes (→ returned), with typed requests and a deadline. */
export const returnForChanges = apiCall({
  path: '/api/staff/return_for_changes',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['reference_number', 'requests', 'deadline_working_days'],
    properties: {
      reference_number: referenceNumberProperty,
      requests: { type: 'array', minItems: 1, maxItems: MAX_CHANGE_REQUESTS, items: changeRequestSchema },
      deadline_working_days: workingDays,
      remark: { type: 'string', maxLength: CHANGE_REMARK_MAX },
    },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['reference_number', 'status', 'round'],
    properties: {
      reference_number: { type: 'string' },
      status: { type: 'string', const: 'returned' },
      round: changeRoundSchema,
      sms_failed: smsFailed,
    },
  },
  errors: [...staffErrors, applicationNotFound, validationFailed, illegalStatusMove],
} as const);
export type ReturnForChangesRequest = RequestOf<typeof returnForChanges>;
export type ReturnForChangesAnswer = AnswerOf<typeof returnForChanges>;
/** A request as sent: which of the properties apply is checked by the server against the kind. */
export type ChangeRequestInput = ReturnForChangesRequest['requests'][number];

/** A new deadline for the open round, in working days from today. */
export const extendChanges = apiCall({
  path: '/api/staff/extend_changes',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['reference_number', 'deadline_working_days'],
    properties: {
      reference_number: referenceNumberProperty,
      deadline_working_days: workingDays,
      remark: { type: 'string', maxLength: CHANGE_REMARK_MAX },
    },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['reference_number', 'due_date'],
    properties: { reference_number: { type: 'string' }, due_date: { type: 'string' }, sms_failed: smsFailed },
  },
  errors: [...staffErrors, applicationNotFound, validationFailed, noOpenRound],
} as const);
export type ExtendChangesRequest = RequestOf<typeof extendChanges>;
export type ExtendChangesAnswer = AnswerOf<typeof extendChanges>;

/** Withdraw a returned application whose deadline has passed (→ withdrawn). */
export const withdrawOverdue = apiCall({
  path: '/api/staff/withdraw_overdue',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['reference_number', 'reason'],
    properties: { reference_number: referenceNumberProperty, reason: text(500) },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['reference_number', 'status'],
    properties: {
      reference_number: { type: 'string' },
      status: { type: 'string', const: 'withdrawn' },
      sms_failed: smsFailed,
    },
  },
  errors: [...staffErrors, applicationNotFound, noOpenRound, notOverdue],
} as const);
export type WithdrawOverdueRequest = RequestOf<typeof withdrawOverdue>;
export type WithdrawOverdueAnswer = AnswerOf<typeof withdrawOverdue>;

/** The returned applications whose deadline has passed, longest overdue first. */
export const listOverdueChanges = apiCall({
  path: '/api/staff/list_overdue_changes',
  method: 'POST',
  body: { type: 'object', additionalProperties: false, properties: paging },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['items', 'total', 'page', 'page_size'],
    properties: {
      items: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['reference_number', 'round', 'due_date', 'overdue_since'],
          properties: {
            reference_number: { type: 'string' },
            round: { type: 'integer', minimum: 1 },
            due_date: { type: 'string' },
            overdue_since: { type: 'string' },
          },
        },
      },
      total: { type: 'integer', minimum: 0 },
      page: { type: 'integer', minimum: 1 },
      page_size: { type: 'integer', minimum: 1 },
    },
  },
  errors: [...staffErrors, applicationNotFound],
} as const);
export type ListOverdueChangesRequest = RequestOf<typeof listOverdueChanges>;
export type OverdueChangesPage = AnswerOf<typeof listOverdueChanges>;
export type OverdueChange = OverdueChangesPage['items'][number];

/** A public holiday that working-day deadlines skip. */
const holidaySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['date', 'name_en', 'name_sw', 'expected'],
  properties: {
    date: { type: 'string' },
    name_en: { type: 'string' },
    name_sw: { type: 'string' },
    /** An Islamic holiday whose date is announced each year: the expected date until staff correct it. */
    expected: { type: 'boolean' },
  },
} as const;

/** Both languages' words of a text of the application's forms. */
const bothLanguages = {
  type: 'object',
  additionalProperties: false,
  required: ['en', 'sw'],
  properties: { en: { type: 'string' }, sw: { type: 'string' } },
} as const;

/**
 * An application's own forms as staff read it and ask of it (the workspace's answers and its checklist
 * builder): the steps of its flow in its own forms version (the uploads step aside: documents are asked
 * as documents), each with every question in both languages, those asked only under a condition marked,
 * a choice's options and a table's columns; the documents of its type; and the public holidays of the
 * days a deadline may reach, to show its date before sending.
 */
export const getApplicationOutline = apiCall({
  path: '/api/staff/get_application_outline',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['reference_number'],
    properties: { reference_number: referenceNumberProperty },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['forms_version', 'steps', 'documents', 'today', 'holidays'],
    properties: {
      forms_version: { type: 'string' },
      steps: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['step', 'title', 'fields'],
          properties: {
            step: { type: 'string' },
            title: bothLanguages,
            fields: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['name', 'title', 'conditional'],
                properties: {
                  name: { type: 'string' },
                  title: bothLanguages,
                  /** Asked only when another answer calls for it. */
                  conditional: { type: 'boolean' },
                  /** A choice's options (of its items, for a list of choices): each answer's words. */
                  options: {
                    type: 'array',
                    items: {
                      type: 'object',
                      additionalProperties: false,
                      required: ['value', 'title'],
                      properties: { value: { type: ['string', 'number', 'boolean'] }, title: bothLanguages },
                    },
                  },
                  /** A table's columns (a list of rows: floors, materials), in the form's order. */
                  columns: {
                    type: 'array',
                    items: {
                      type: 'object',
                      additionalProperties: false,
                      required: ['name', 'title'],
                      properties: { name: { type: 'string' }, title: bothLanguages },
                    },
                  },
                },
              },
            },
          },
        },
      },
      documents: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['document_type', 'name'],
          properties: { document_type: { type: 'string' }, name: bothLanguages },
        },
      },
      /** Today in Zanzibar, and the holidays from it to the farthest deadline (YYYY-MM-DD). */
      today: isoDate,
      holidays: { type: 'array', items: isoDate },
    },
  },
  errors: [...staffErrors, applicationNotFound],
} as const);
export type ApplicationOutline = AnswerOf<typeof getApplicationOutline>;

/** The public holidays, of one year or all. */
export const listHolidays = apiCall({
  path: '/api/staff/list_holidays',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    properties: { year: { type: 'integer', minimum: 2000, maximum: 2100 } },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['items'],
    properties: { items: { type: 'array', items: holidaySchema } },
  },
  errors: [...staffErrors],
} as const);
export type ListHolidaysRequest = RequestOf<typeof listHolidays>;
export type Holiday = AnswerOf<typeof listHolidays>['items'][number];

/** A public holiday (YYYY-MM-DD, its name in English and Swahili). */
export const addHoliday = apiCall({
  path: '/api/staff/add_holiday',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['date', 'name_en', 'name_sw'],
    properties: { date: isoDate, name_en: text(100), name_sw: text(100) },
  },
  answer: holidaySchema,
  errors: [...staffErrors, validationFailed, holidayExists],
} as const);
export type AddHolidayRequest = RequestOf<typeof addHoliday>;

/** Removes a public holiday. */
export const removeHoliday = apiCall({
  path: '/api/staff/remove_holiday',
  method: 'POST',
  body: { type: 'object', additionalProperties: false, required: ['date'], properties: { date: isoDate } },
  answer: { type: 'object', additionalProperties: false, required: ['date'], properties: { date: { type: 'string' } } },
  errors: [...staffErrors, holidayNotFound],
} as const);
export type RemoveHolidayRequest = RequestOf<typeof removeHoliday>;
export type RemovedHoliday = AnswerOf<typeof removeHoliday>;

// The applicant's side (signed in).

/** A new answer to a step the open round asks for. */
export const saveChangeStep = apiCall({
  path: '/api/dashboard/save_change_step',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['step', 'data'],
    properties: { step: name, data: { type: 'object' } },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['step', 'done'],
    properties: { step: { type: 'string' }, done: { type: 'boolean', const: true } },
  },
  /** The step's answers refused as a save refuses them (src/server/applications/step-validation.ts). */
  errors: [validationFailed, engineerUnconfirmed, unknownStep, ...dashboardErrors, stepNotAsked, ...changeRoundErrors],
} as const);
export type SaveChangeStepRequest = RequestOf<typeof saveChangeStep>;
export type SaveChangeStepAnswer = AnswerOf<typeof saveChangeStep>;

/** 422 changes.requests_open: requests of the round not answered yet, each at `/requests/<index>`. */
export const changesRequestsOpen = /* @__PURE__ */ apiError({
  status: 422,
  code: 'changes.requests_open',
  data: fieldErrorsSchema,
} as const);

/** Resubmits the returned application with a note, once every request is answered. */
export const resubmitChanges = apiCall({
  path: '/api/dashboard/resubmit_changes',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['note'],
    properties: { note: text(CHANGE_NOTE_MAX) },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['reference_number', 'status', 'round'],
    properties: {
      reference_number: { type: 'string' },
      status: { type: 'string', const: 'submitted' },
      round: { type: 'integer', minimum: 1 },
    },
  },
  /** A note with hidden characters; requests not answered yet. */
  errors: [validationFailed, changesRequestsOpen, ...dashboardErrors, ...changeRoundErrors],
} as const);
export type ResubmitChangesRequest = RequestOf<typeof resubmitChanges>;
export type ResubmitChangesAnswer = AnswerOf<typeof resubmitChanges>;

/** A request as the applicant sees it: with whether it is answered in this round. */
const applicantChangeRequestSchema = {
  oneOf: [
    {
      ...stepRequestSchema,
      required: [...stepRequestSchema.required, 'done'],
      properties: { ...stepRequestSchema.properties, done: { type: 'boolean' } },
    },
    {
      ...documentRequestSchema,
      required: [...documentRequestSchema.required, 'done'],
      properties: { ...documentRequestSchema.properties, done: { type: 'boolean' } },
    },
  ],
} as const;

/** A text by dotted key (`repair.title`). */
const textsSchema = { type: 'object', additionalProperties: { type: 'string' } } as const;

/**
 * The asked steps as the application's own forms version has them (the version it was submitted
 * under, which may be older than the one served to new applications): the step editor draws them and
 * loads their validator for that version, so it checks exactly what the server will.
 */
const askedFormsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['version', 'steps', 'texts'],
  properties: {
    version: { type: 'string' },
    /** Each asked step's schema and UI schema (src/shared/forms.ts StepForm), by step id. */
    steps: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['schema', 'uiSchema'],
        properties: { schema: { type: 'object' }, uiSchema: { type: 'object' } },
      },
    },
    /** The texts these steps use, by dotted key (`repair.title`), in each language. */
    texts: {
      type: 'object',
      additionalProperties: false,
      required: ['en', 'sw'],
      properties: { en: textsSchema, sw: textsSchema },
    },
  },
} as const;

/** The open requests for changes (a checklist, the deadline) and every earlier round, oldest first. */
export const getChangeRequests = apiCall({
  path: '/api/dashboard/get_change_requests',
  method: 'POST',
  body: emptyBodySchema,
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['open', 'rounds'],
    properties: {
      /** The open round (the application is returned), or null. */
      open: {
        anyOf: [
          {
            type: 'object',
            additionalProperties: false,
            required: [
              'number',
              'requests',
              'remark',
              'due_date',
              'working_days_left',
              'overdue',
              'forms_version',
              'forms',
              'answers',
            ],
            properties: {
              number: { type: 'integer', minimum: 1 },
              requests: { type: 'array', items: applicantChangeRequestSchema },
              remark: { type: ['string', 'null'] },
              due_date: { type: 'string' },
              /** Working days left until the deadline (0 on the day itself and after). */
              working_days_left: { type: 'integer', minimum: 0 },
              /**
               * The deadline has passed (from the day after it): the round's changes are refused (409
               * changes.deadline_passed) until staff extend it; the dashboard says so and offers none.
               */
              overdue: { type: 'boolean' },
              /** The forms version the application is answered in (the step editor loads its schemas). */
              forms_version: { type: ['integer', 'null'] },
              /** The asked steps' forms of that version. */
              forms: askedFormsSchema,
              /** The current answers of the asked steps, to edit. */
              answers: { type: 'object', additionalProperties: { type: 'object' } },
            },
          },
          { type: 'null' },
        ],
      },
      /** Every round, oldest first, in plain words for the history. */
      rounds: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: [
            'number',
            'status',
            'asked_at',
            'due_date',
            'requests',
            'changed_steps',
            'changed_documents',
            'note',
            'resubmitted_at',
          ],
          properties: {
            number: { type: 'integer', minimum: 1 },
            status: { type: 'string', enum: CHANGE_ROUND_STATUSES },
            asked_at: { type: 'string' },
            due_date: { type: 'string' },
            requests: { type: 'array', items: storedChangeRequestSchema },
            changed_steps: { type: 'array', items: { type: 'string' } },
            changed_documents: { type: 'array', items: { type: 'string' } },
            note: { type: ['string', 'null'] },
            resubmitted_at: { type: ['string', 'null'] },
          },
        },
      },
    },
  },
  errors: [...dashboardErrors],
} as const);
export type ChangeRequestsAnswer = AnswerOf<typeof getChangeRequests>;
/** A request as the applicant sees it: with whether it is answered in this round. */
export type ApplicantChangeRequest = NonNullable<ChangeRequestsAnswer['open']>['requests'][number];
export type AskedForms = NonNullable<ChangeRequestsAnswer['open']>['forms'];

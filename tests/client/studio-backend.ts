import { http, type JsonBodyType } from 'msw';
import type { AnswerOf, ApiCall } from '../../src/shared/api/call';
import {
  staffCurrent,
  staffSignIn,
  staffSignOut,
  staffVerify,
  type StaffRole,
  type StaffSessionAnswer,
  type StaffSignInAnswer,
  type StaffVerifyRequest,
} from '../../src/shared/api/staff-session';
import {
  discardDraft,
  exportTexts,
  getAudit,
  getDiff,
  getDraft,
  getHistory,
  importTexts,
  publishDraft,
  rollbackVersion,
  type AuditAnswer,
  type DiffAnswer,
  type ExportTextsAnswer,
  type HistoryAnswer,
  type ImportTextsAnswer,
  type PublishAnswer,
  type StudioDraftAnswer,
} from '../../src/shared/api/studio';
import type { FormsSet } from '../../src/shared/forms';
import { envelope } from '../../src/client/mocks/mock-answers';
import { answerFor, refusalFor } from '../../src/client/mocks/mock-call';

/**
 * A small studio server for client tests, built on the contract's types (src/shared/api/studio.ts,
 * staff-session.ts): its state is plain data a test sets, every request is recorded with its body,
 * and a test may answer any call otherwise (`answer`), e.g. with 409 or 401.
 */

export const SET: FormsSet = {
  steps: {
    personal: { schema: { type: 'object', title: 'personal.title', properties: {} }, uiSchema: {} },
    construction: { schema: { type: 'object', title: 'construction.title', properties: {} }, uiSchema: {} },
    repair: { schema: { type: 'object', title: 'repair.title', properties: {} }, uiSchema: {} },
  },
  flows: { new: ['personal', 'construction'], government: [], repair: ['personal', 'repair'], special: [] },
  texts: {
    en: {
      personal: { title: 'Personal details' },
      construction: { title: 'Construction' },
      repair: { title: 'Repairs' },
    },
    sw: { personal: { title: 'Taarifa binafsi' }, construction: { title: 'Ujenzi' }, repair: { title: 'Matengenezo' } },
  },
  documents: [
    {
      id: 'sheha_letter',
      name: { en: "Sheha's letter", sw: 'Barua ya Sheha' },
      help: { en: '', sw: '' },
      accept: ['application/pdf'],
      max_bytes: 1_000_000,
      required: true,
      drawing_scale: false,
      applies: {},
    },
  ],
};

export function draftAnswer(overrides: Partial<StudioDraftAnswer['draft']> = {}): StudioDraftAnswer {
  return {
    draft: {
      set: SET,
      based_on: 3,
      revisions: { texts: 4 },
      revision: 17,
      updated_by: 'Asha Policy',
      updated_at: '2026-11-20T09:30:00.000Z',
      ...overrides,
    },
    live_version: 3,
    problems: [],
  };
}

export const TITLE_DEED = { en: 'Plot title deed number', sw: 'Namba ya hati miliki ya kiwanja' };

export function diffAnswer(): DiffAnswer {
  return {
    live_version: 3,
    changes: [
      {
        kind: 'question_added',
        step: 'construction',
        step_title: { en: 'Construction', sw: 'Ujenzi' },
        field: 'title_deed',
        label: TITLE_DEED,
        required: true,
      },
      {
        kind: 'text_changed',
        key: 'construction.plot_area.title',
        label: { en: 'Plot area', sw: 'Eneo la kiwanja' },
        language: 'sw',
        before: 'Ukubwa wa kiwanja',
        after: 'Eneo la kiwanja',
      },
    ],
    impact: {
      drafts_checked: 12,
      drafts_in_flight: 12,
      drafts_touched: 5,
      questions: [{ step: 'construction', field: 'title_deed', label: TITLE_DEED, drafts: 5 }],
    },
  };
}

export function historyAnswer(): HistoryAnswer {
  return {
    versions: [
      {
        version: 3,
        published_at: '2026-11-19T10:00:00.000Z',
        published_by: 'Juma Publisher',
        reason: 'Plot area in Swahili',
        changes: [{ kind: 'document_removed', document: 'old_map', label: { en: 'Old map', sw: 'Ramani ya zamani' } }],
        live: true,
      },
      {
        version: 2,
        published_at: '2026-11-10T10:00:00.000Z',
        published_by: 'Juma Publisher',
        reason: 'Repairs ask for the roof',
        changes: [],
        live: false,
      },
    ],
  };
}

export function staffAnswer(role: StaffRole, display_name = 'Asha Policy'): StaffSessionAnswer {
  return {
    staff: { login: 'asha', display_name, role },
    session: {
      idle_expires_at: '2026-11-26T20:00:00.000Z',
      expires_at: '2026-11-27T04:00:00.000Z',
      idle_timeout_s: 1800,
    },
  };
}

/**
 * A draft answer as the studio calls type it on the wire (the set's parts open objects): the same data,
 * for answerFor, which checks it against the call's answer.
 */
export function wireDraft(answer: StudioDraftAnswer): AnswerOf<typeof getDraft> {
  const { fees, ...set } = answer.draft.set;
  const open = {
    ...set,
    documents: set.documents.map((document) => ({ ...document })),
    ...(fees ? { fees: { ...fees } } : {}),
  };
  return { ...answer, draft: { ...answer.draft, set: open } };
}

export interface Recorded {
  path: string;
  body: unknown;
}

type Answer = { code: number; message?: string; data?: JsonBodyType };

export interface StudioBackend {
  /** Who is signed in (null: 401 on every call). */
  staff: StaffSessionAnswer | null;
  /** How the next sign-in's second factor goes. */
  signIn: StaffSignInAnswer;
  /** The code verify accepts. */
  code: string;
  draft: StudioDraftAnswer;
  diff: DiffAnswer;
  history: HistoryAnswer;
  audit: (before: number | undefined) => AuditAnswer;
  importResult: Omit<ImportTextsAnswer, keyof StudioDraftAnswer>;
  exported: ExportTextsAnswer;
  /** Answers for a call by its name ('publish', 'get_draft', 'sign_in' …), taken before the usual one. */
  answer: Record<string, Answer>;
  calls: Recorded[];
  /** The calls made to `name` (the last part of their path), their bodies. */
  bodies(name: string): unknown[];
}

export function studioBackend(): { backend: StudioBackend; handlers: ReturnType<typeof http.post>[] } {
  const backend: StudioBackend = {
    staff: null,
    signIn: { sign_in_id: 'pending-1', second_factor: 'sms', sent_to: '+2557•••••123', expires_in_s: 300 },
    code: '246810',
    draft: draftAnswer(),
    diff: diffAnswer(),
    history: historyAnswer(),
    audit: () => ({ entries: [] }),
    importResult: { updated: 0, missing: [], changed_in_english: [], unknown: [] },
    exported: { csv: 'key,en,sw,en_at_export\n', file_name: 'kibali-texts.csv' },
    answer: {},
    calls: [],
    bodies(name) {
      return this.calls.filter((c) => c.path.endsWith(`/${name}`)).map((c) => c.body);
    },
  };

  /** A staff call at its shared path: recorded, answered by the test's answer when it set one, 401 without a session. */
  const call = (shared: ApiCall, needsSession: boolean, answer: (body: Record<string, unknown>) => Response) =>
    http.post(shared.path, async ({ request }) => {
      const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
      backend.calls.push({ path: shared.path, body });
      const name = shared.path.split('/').pop()!;
      const set = backend.answer[name];
      // Outside the contract on purpose: the test's own refusal of this call, as it sets it.
      if (set) return envelope(set.code, set.message ?? 'Refused', set.data ?? {});
      // Every call that needs a session declares the staff's refusals (staffErrors), as staff current does
      // (typed by it: refusalFor types a plain ApiCall's codes as those of any call); checked on `shared` at run time.
      if (needsSession && !backend.staff)
        return refusalFor(shared as typeof staffCurrent, 'staff_not_signed_in', 'Sign in to go on.', {});
      return answer(body);
    });
  const studio = (shared: ApiCall, answer: (body: Record<string, unknown>) => Response) => call(shared, true, answer);

  const handlers = [
    call(staffSignIn, false, () => answerFor(staffSignIn, { ...backend.signIn })),
    call(staffVerify, false, (body) => {
      const { code } = body as unknown as StaffVerifyRequest;
      if (code !== backend.code) return refusalFor(staffVerify, 'wrong_code', 'The code is not right.', {});
      backend.staff ??= staffAnswer('policy_editor');
      return answerFor(staffVerify, { ...backend.staff });
    }),
    call(staffCurrent, true, () => answerFor(staffCurrent, { ...backend.staff! })),
    call(staffSignOut, false, () => {
      backend.staff = null;
      return answerFor(staffSignOut, {});
    }),
    studio(getDraft, () => answerFor(getDraft, wireDraft(backend.draft))),
    studio(discardDraft, () => answerFor(discardDraft, wireDraft(backend.draft))),
    studio(getDiff, () => answerFor(getDiff, { ...backend.diff })),
    studio(publishDraft, () =>
      answerFor(publishDraft, { version: backend.draft.live_version + 1 } satisfies PublishAnswer),
    ),
    studio(rollbackVersion, () =>
      answerFor(rollbackVersion, { version: backend.draft.live_version + 1 } satisfies PublishAnswer),
    ),
    studio(getHistory, () => answerFor(getHistory, { ...backend.history })),
    studio(exportTexts, () => answerFor(exportTexts, { ...backend.exported })),
    studio(importTexts, () => answerFor(importTexts, { ...wireDraft(backend.draft), ...backend.importResult })),
    studio(getAudit, (body) => answerFor(getAudit, { ...backend.audit(body.before as number | undefined) })),
  ];
  return { backend, handlers };
}

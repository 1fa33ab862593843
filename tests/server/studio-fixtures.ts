import type { StaffRole } from '../../src/shared/api/staff-session';
import { STUDIO_API, type QuestionSpec, type StudioDraftAnswer } from '../../src/shared/api/studio';
import { post, type Answer, type Envelope, type TestApp } from './helpers';
import { addStaff, staffSignIn, type TestStaff } from './staff-fixtures';

/** The form studio's tests: staff signed in by role, and its calls as the studio page makes them. */

export interface SignedIn {
  staff: TestStaff;
  /** The Cookie header of the staff session. */
  cookie: string;
  /** The name the studio records (actorLabel: "<name> (<login>)"). */
  label: string;
}

export async function signedIn(t: TestApp, role: StaffRole, name?: string): Promise<SignedIn> {
  const staff = await addStaff(t, role, name === undefined ? {} : { name });
  return { staff, cookie: await staffSignIn(t, staff), label: `${staff.name} (${staff.login})` };
}

export function studio<T = Record<string, unknown>>(
  t: TestApp,
  who: SignedIn,
  call: string,
  body: unknown = {},
  headers: Record<string, string> = {},
): Promise<Answer<Envelope<T>>> {
  return post<Envelope<T>>(t.app, `${STUDIO_API}/${call}`, body, { cookie: who.cookie, ...headers });
}

/** The draft as it is now (get_draft, which must answer 200). */
export async function draftNow(t: TestApp, who: SignedIn): Promise<StudioDraftAnswer> {
  const res = await studio<StudioDraftAnswer>(t, who, 'get_draft');
  if (res.status !== 200) throw new Error(`get_draft answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body!.response.data;
}

export const revisionOf = (answer: StudioDraftAnswer, item: string) => answer.draft.revisions[item] ?? 0;

/** A new required text question with a format, in both languages: the building permit's number. */
export function permitNumberQuestion(overrides: Partial<QuestionSpec> = {}): QuestionSpec {
  return {
    name: 'permit_number',
    type: 'text',
    label: { en: 'Number of the building permit', sw: 'Namba ya kibali cha ujenzi' },
    help: { en: 'As printed on the permit, e.g. ZB/12345.', sw: 'Kama ilivyochapishwa kwenye kibali, k.m. ZB/12345.' },
    required: true,
    format: {
      pattern: '^[A-Z]{2}/[0-9]{4,6}$',
      description: {
        en: 'two capital letters, a slash and 4 to 6 digits',
        sw: 'herufi kubwa mbili, mkwaju na tarakimu 4 hadi 6',
      },
    },
    max_length: 20,
    ...overrides,
  };
}

/** Saves a question on top of the revision `answer` shows for it. */
export function saveQuestion(
  t: TestApp,
  who: SignedIn,
  answer: StudioDraftAnswer,
  step: string,
  question: QuestionSpec | null,
  name = question?.name ?? '',
) {
  return studio<StudioDraftAnswer>(t, who, 'save_question', {
    step,
    name,
    base: revisionOf(answer, `question:${step}.${name}`),
    question,
  });
}

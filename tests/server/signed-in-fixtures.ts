import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { insertApplication } from '../../src/server/applications/applications-repository';
import { newReferenceNumber } from '../../src/server/applications/reference-number';
import { solveCaptcha } from './captcha-solver';
import { post, smsCode, type Envelope, type TestApp } from './helpers';

/** Signed-in applicants for the tests of the dashboard's calls (withdraw, the conversation). */

export interface Person {
  phone: string;
  zan_id: string;
}

let people = 0;
/** A new applicant of this file (sign-in codes to one phone wait a minute between sends). */
export function newPerson(prefix: string): Person {
  people += 1;
  const n = String(people).padStart(3, '0');
  return { phone: `+2557${prefix}${n}`, zan_id: `19${prefix}${n}` };
}

/** An application of `person` in `status`, straight into the database (the wizard's path is tested elsewhere). */
export async function applicationIn(t: TestApp, person: Person, status: string) {
  const reference = newReferenceNumber();
  const record = await insertApplication(t.database.db, reference, 'repair', {
    status,
    step_number: 3,
    forms_version: 1,
    answers: {
      personal: { identification_type: 'zanid', zan_id: person.zan_id, first_name: 'Asha', last_name: 'Juma' },
    },
    phone: person.phone,
    id_number: person.zan_id,
    submitted: status !== 'draft',
  });
  return { id: record.id, reference: `${reference.slice(0, 5)}-${reference.slice(5)}` };
}

/**
 * A file of `documentType` that staff rejected, recorded on the application (its bytes are not needed):
 * after Submit, the one kind of document the applicant may upload again (besides one a round asks for).
 */
export async function rejectedDocument(t: TestApp, applicationId: number, documentType: string): Promise<string> {
  const id = randomUUID();
  await t.database.db
    .insertInto('attachment')
    .values({
      id,
      application_id: applicationId,
      document_type: documentType,
      mime_type: 'application/pdf',
      size: 10,
      sha256: 'x',
      status: 'rejected',
      remark: 'Cannot be read.',
    })
    .execute();
  return id;
}

/** Signs in to `reference` (captcha, code, verify) and answers the Cookie header of its session. */
export async function signIn(t: TestApp, reference: string, phone: string): Promise<string> {
  const challenge = await post<Envelope>(t.app, '/api/captcha/new');
  const altcha = await solveCaptcha(challenge.body!.response.data);
  const started = await post<Envelope<{ challenge_id: string }>>(t.app, '/api/application/get_application', {
    reference_number: reference,
    altcha,
  });
  expect(started.status).toBe(200);
  const code = await smsCode(t, phone);
  const verified = await post(t.app, '/api/application/verify_code', {
    challenge_id: started.body!.response.data.challenge_id,
    code,
  });
  expect(verified.status).toBe(200);
  const raw = verified.headers['set-cookie'];
  return String(Array.isArray(raw) ? raw[0] : raw).split(';')[0]!;
}

export const dashboardCall = <T = Record<string, unknown>>(
  t: TestApp,
  path: string,
  cookie: string | undefined,
  body: unknown = {},
  headers: Record<string, string> = {},
) => post<Envelope<T>>(t.app, `/api/dashboard/${path}`, body, { ...(cookie ? { cookie } : {}), ...headers });

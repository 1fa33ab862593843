import { afterAll, describe, expect, test } from 'vitest';
import { requiredDocuments } from '../../src/shared/required-documents';
import type { JsonSchema as FormSchema } from '../../src/shared/forms';
import type { ApplicationType } from '../../src/shared/wizard-driver';
import {
  buildingSteps,
  call,
  engineerProofs,
  FINAL,
  personal,
  sample,
  SAVE,
  withReferenceIds,
  type Answers,
} from '../server/application-fixtures';
import { draftCookieHeaders, post, type Envelope } from '../server/helpers';
import { SCRIPT_AND_SQL } from './hostile-values';
import { createWorld, STAFF_AUTH, StateWatch } from './security-world';

// Script and SQL payloads in every text field of every form step (found by walking the served step
// schemas, so a new field is covered), in messages and renewals to staff, and in what staff write to
// applicants: stored exactly as typed and read back equal through every call that shows them (the
// draft reopened by Continue, the back office, the dashboard). A field whose schema cannot hold them
// (a pattern, a format, a list of options) refuses them with a 422 naming it and stores nothing.
// How the client shows them (as text, never markup) is tests/client/security-render.test.tsx.

const world = await createWorld({}, { engineerProofs });
afterAll(() => world.close());
const base = await world.app.listen({ port: 0, host: '127.0.0.1' });
const db = world.t.database.db;
const served = await world.app.forms.get();

const splashData = (await post<Envelope<Parameters<typeof withReferenceIds>[2]>>(world.app, '/api/splash/get_splash'))
  .body!.response.data;

type Schema = FormSchema & {
  type?: string;
  enum?: unknown[];
  oneOf?: unknown[];
  anyOf?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  maxLength?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: { then?: Schema; else?: Schema }[];
};

const schemaOf = (step: string) => served.forms.steps[step]!.schema as Schema;

/** A property's schema: declared at the top, or inside a condition's then/else. */
const propertySchema = (schema: Schema | undefined, key: string): Schema | undefined =>
  schema?.properties?.[key] ??
  schema?.allOf?.flatMap((a) => [a.then, a.else]).find((s) => s?.properties?.[key])?.properties?.[key];

/** Strings in the forms that no one types: the engineer's proof of confirmation (a wrong one is refused). */
const NOT_TYPED = new Set(['validation_token']);

const isFreeText = (s: Schema) =>
  s.type === 'string' && !s.enum && !s.oneOf && !s.anyOf && s.const === undefined && !s.pattern && !s.format;
const isConstrainedText = (s: Schema) => s.type === 'string' && !isFreeText(s);

/**
 * `value` with every free-text answer replaced by `payload`, and every optional free-text property of
 * the object's own schema added; `hits` gets each replaced answer's JSON pointer.
 */
function poison(value: unknown, schema: Schema | undefined, payload: string, path: string, hits: string[]): unknown {
  if (!schema) return value;
  if (Array.isArray(value)) return value.map((v, i) => poison(v, schema.items, payload, `${path}/${i}`, hits));
  if (value && typeof value === 'object') {
    const out: Answers = {};
    for (const [key, v] of Object.entries(value)) {
      out[key] = NOT_TYPED.has(key) ? v : poison(v, propertySchema(schema, key), payload, `${path}/${key}`, hits);
    }
    for (const [key, s] of Object.entries(schema.properties ?? {})) {
      if (!(key in out) && !NOT_TYPED.has(key) && isFreeText(s) && (s.maxLength ?? Infinity) >= payload.length) {
        out[key] = payload;
        hits.push(`${path}/${key}`);
      }
    }
    return out;
  }
  if (typeof value === 'string' && isFreeText(schema) && (schema.maxLength ?? Infinity) >= payload.length) {
    hits.push(path);
    return payload;
  }
  return value;
}

/** Every free-text field of a step schema, as `step/name` or `step/list/[]/name`. */
function freeTextFields(schema: Schema | undefined, path: string, out: Set<string>): Set<string> {
  if (!schema) return out;
  if (schema.items) freeTextFields(schema.items, `${path}/[]`, out);
  const declared = [schema, ...(schema.allOf ?? []).flatMap((a) => [a.then, a.else])];
  for (const { properties } of declared.filter((s): s is Schema => !!s)) {
    for (const [key, s] of Object.entries(properties ?? {})) {
      if (NOT_TYPED.has(key)) continue;
      if (isFreeText(s)) out.add(`${path}/${key}`);
      else freeTextFields(s, `${path}/${key}`, out);
    }
  }
  return out;
}
/** The fields each payload went into, to check that together they are every free-text field. */
const covered = new Map<string, Set<string>>();
const field = (step: string, pointer: string) => `${step}${pointer.replace(/\/\d+(?=\/|$)/g, '/[]')}`;

const at = (value: unknown, pointer: string): unknown =>
  pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], value);

async function latestCode(phone: string): Promise<string> {
  const row = await db
    .selectFrom('sms_outbox')
    .select('message')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /\b(\d{6})\b/.exec(row.message)![1]!;
}

const phoneOf = (steps: [string, Answers][]) => String(steps.find(([s]) => s === 'personal')![1].phone);

/** Reopens a draft as Continue does (a code to the phone saved in it): its answers by step. */
async function reopen(reference: string, phone: string): Promise<Record<string, Answers>> {
  const started = await call(world.t, '/api/application/continue_application', { reference_number: reference });
  expect(started.status).toBe(200);
  const { challenge_id } = started.data as { challenge_id?: string };
  const opened = await post<Envelope<{ data: Record<string, Answers> }>>(world.app, '/api/application/verify_code', {
    challenge_id,
    code: await latestCode(phone),
  });
  expect(opened.status).toBe(200);
  return opened.body!.response.data.data;
}

/** Uploads a tiny real file for each document the answers call for: the uploads step's documents. */
async function uploadFor(type: ApplicationType, reference: string, answers: Record<string, Answers>) {
  const documents: Record<string, string> = {};
  const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n');
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8ffffff7f0009fb03fd2a86e38a0000000049454e44ae426082',
    'hex',
  );
  for (const document of requiredDocuments(type, answers, (await world.app.forms.get()).forms.documents)) {
    const form = new FormData();
    form.set('reference_number', reference);
    form.set('document_type', document.id);
    const isPdf = document.accept.includes('application/pdf');
    form.set('file', new Blob([new Uint8Array(isPdf ? pdf : png)]), isPdf ? 'document.pdf' : 'photo.png');
    const res = await fetch(`${base}/api/attachment/upload`, {
      method: 'POST',
      body: form,
      headers: draftCookieHeaders(world.app),
    });
    expect(res.status).toBe(200);
    documents[document.id] = ((await res.json()) as Envelope<{ attachment_id: string }>).response.data.attachment_id;
  }
  return documents;
}

/** The sample's building details with a row in every list (the sample has no beam). */
const buildingDetails = () => {
  const details = sample('building_details ok');
  details.beam = [{ name: 1, size: '9 x 12 inch', quantity: 4 }];
  return withReferenceIds('building_details', details, splashData);
};

const FLOWS: [ApplicationType, () => [string, Answers][]][] = [
  [
    'new',
    () =>
      buildingSteps(splashData, 2).map(([step, data]): [string, Answers] => [
        step,
        step === 'building_details' ? buildingDetails() : data,
      ]),
  ],
  [
    'repair',
    () => [
      ['personal', personal()],
      ['repair', sample('repair ok (affects neighbours)')],
    ],
  ],
  [
    'special',
    () => [
      ['personal', personal()],
      ['special_plot', sample('special_plot ok')],
      ['building_details', buildingDetails()],
    ],
  ],
];

describe.each(SCRIPT_AND_SQL.map((p) => [p]))('%s', (payload) => {
  test.each(FLOWS)(
    'in every text field of a %s application: stored as typed through draft, Continue, submit, back office and dashboard',
    async (type, stepsOf) => {
      const hits: Record<string, string[]> = {};
      const steps = stepsOf().map(([step, data]): [string, Answers] => {
        hits[step] = [];
        return [step, poison(data, schemaOf(step), payload, '', hits[step]) as Answers];
      });
      let reference: string | undefined;
      for (const [i, [step, data]] of steps.entries()) {
        const res = await call(world.t, SAVE, {
          application_type: type,
          step_number: i + 1,
          data,
          reference_number: reference,
        });
        expect(res, `saving ${step}`).toMatchObject({ status: 200 });
        reference = res.data.reference_number!;
      }
      expect(Object.values(hits).flat().length).toBeGreaterThanOrEqual(5);
      if (!covered.has(payload)) covered.set(payload, new Set());
      for (const [step, pointers] of Object.entries(hits))
        for (const p of pointers) covered.get(payload)!.add(field(step, p));

      const expectEverywhere = (answers: Record<string, Answers>, where: string) => {
        for (const [step, pointers] of Object.entries(hits)) {
          for (const pointer of pointers)
            expect(at(answers[step], pointer), `${where}: ${step}${pointer}`).toBe(payload);
        }
      };
      expectEverywhere(await reopen(reference!, phoneOf(steps)), 'the draft reopened by Continue');

      const answers = Object.fromEntries(steps);
      const uploadsHits: string[] = [];
      const uploads = poison(
        { documents: await uploadFor(type, reference!, answers) },
        schemaOf('uploads'),
        payload,
        '',
        uploadsHits,
      );
      hits.uploads = uploadsHits;
      for (const p of uploadsHits) covered.get(payload)!.add(field('uploads', p));
      const submitted = await call(world.t, FINAL, {
        application_type: type,
        reference_number: reference,
        data: { uploads },
      });
      expect(submitted.status).toBe(200);

      const office = await post<Envelope<{ answers: Record<string, Answers> }>>(
        world.app,
        '/api/staff/get_application',
        { reference_number: reference },
        STAFF_AUTH,
      );
      expectEverywhere(office.body!.response.data.answers, 'the back office');

      const stored = await db
        .selectFrom('application')
        .select(['id'])
        .where('reference_number', '=', reference!.replace('-', ''))
        .executeTakeFirstOrThrow();
      const cookie = await world.sessionCookie(stored);
      const dashboard = await post<Envelope<{ personal: Answers; answers: Record<string, Answers> }>>(
        world.app,
        '/api/dashboard/get_application',
        {},
        { cookie },
      );
      expect(dashboard.status).toBe(200);
      expectEverywhere(
        { ...dashboard.body!.response.data.answers, personal: dashboard.body!.response.data.personal },
        'the dashboard',
      );
    },
  );

  test('together, the applications above put it in every free-text field of every step', () => {
    const every = new Set<string>();
    for (const [step, { schema }] of Object.entries(served.forms.steps)) freeTextFields(schema, step, every);
    expect(every.size).toBeGreaterThan(30);
    expect([...every].filter((f) => !covered.get(payload)?.has(f))).toEqual([]);
  });

  test.each(FLOWS)(
    'in a field of a %s application whose schema cannot hold it (pattern, format, options): 422 naming it, nothing stored',
    async (type, stepsOf) => {
      const checked: string[] = [];
      let reference: string | undefined;
      for (const [i, [step, data]] of stepsOf().entries()) {
        const schema = schemaOf(step);
        for (const key of Object.keys(data)) {
          const s = propertySchema(schema, key);
          if (!s || !isConstrainedText(s)) continue;
          const watch = new StateWatch(world);
          await watch.start();
          const poisoned = { ...data, [key]: payload };
          const res = await call(world.t, SAVE, {
            application_type: type,
            step_number: i + 1,
            data: poisoned,
            reference_number: reference,
          });
          expect(res.status, `${step}/${key}`).toBe(422);
          expect(res.data.errors?.map((e) => e.path)).toContain(`/${step}/${key}`);
          expect(await watch.changes()).toEqual({});
          checked.push(`${step}/${key}`);
        }
        const saved = await call(world.t, SAVE, {
          application_type: type,
          step_number: i + 1,
          data,
          reference_number: reference,
        });
        expect(saved.status).toBe(200);
        reference = saved.data.reference_number!;
      }
      expect(checked).toEqual(
        expect.arrayContaining(['personal/phone', 'personal/zan_id', 'personal/identification_type']),
      );
    },
  );

  test('in messages and renewals to staff, and in what staff write to applicants: stored and shown as typed', async () => {
    const applicant = world.applicant('permit_issued');
    const cookie = await world.sessionCookie(applicant);
    const dash = <T>(path: string, body: unknown = {}) =>
      post<Envelope<T>>(world.app, `/api/dashboard/${path}`, body, { cookie });
    const staff = <T>(path: string, body: unknown) =>
      post<Envelope<T>>(world.app, `/api/staff/${path}`, body, STAFF_AUTH);

    const sent = await dash<{ subject: string; message: string }>('send_message', {
      subject: payload,
      message: payload,
    });
    expect(sent.body!.response.data).toMatchObject({ subject: payload, message: payload });
    const messages = await staff<{ items: { subject: string; message: string }[] }>('list_messages', {
      reference_number: applicant.reference,
    });
    expect(messages.body!.response.data.items[0]).toMatchObject({ subject: payload, message: payload });

    const note = await staff('add_notification', {
      reference_number: applicant.reference,
      title: payload,
      message: payload,
      remark: payload,
    });
    expect(note.status).toBe(200);
    const notifications = await dash<{ title: string; message: string; remark: string | null }[]>('get_notifications');
    expect(notifications.body!.response.data[0]).toMatchObject({ title: payload, message: payload, remark: payload });

    const attachmentId = applicant.attachmentIds[SCRIPT_AND_SQL.indexOf(payload)]!;
    const reviewed = await staff('update_attachment', {
      attachment_id: attachmentId,
      status: 'rejected',
      remark: payload,
    });
    expect(reviewed.status).toBe(200);
    const attachments = await dash<{ attachment_id: string; remark: string | null }[]>('get_attachments');
    expect(attachments.body!.response.data.find((a) => a.attachment_id === attachmentId)?.remark).toBe(payload);

    // Nothing was dropped or widened: every table is still there, and the applications are all still listed.
    const count = await db
      .selectFrom('application')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThanOrEqual(world.demo.length);
  });
});

test('renewal requests keep script and SQL as typed', async () => {
  const applicant = world.applicant('permit_issued');
  const cookie = await world.sessionCookie(applicant);
  const [type_of_work, reason] = SCRIPT_AND_SQL;
  const renewed = await post<Envelope<{ type_of_work: string; reason: string }>>(
    world.app,
    '/api/dashboard/renew_permit',
    { permit_number: applicant.permitNumbers[0], type_of_work, reason },
    { cookie },
  );
  expect(renewed.status).toBe(200);
  const listed = await post<Envelope<{ items: { type_of_work: string; reason: string }[] }>>(
    world.app,
    '/api/staff/list_renewals',
    { reference_number: applicant.reference },
    STAFF_AUTH,
  );
  expect(listed.body!.response.data.items[0]).toMatchObject({ type_of_work, reason });
});

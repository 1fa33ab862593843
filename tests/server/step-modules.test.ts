import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../src/server/app';
import type { RequiredDocument, Splash } from '../../src/shared/reference-data';
import { buildingSteps, call, FINAL, SAVE, stored, validation, type Answers } from './application-fixtures';
import { createTestApp, databaseKinds, post, uploadDocuments, type Envelope, type TestApp } from './helpers';

// No step is known to the server by its id: the engineer's confirmation, the applicant's phone and the
// documents follow the step modules' markers ("x-step-module", src/shared/step-modules.ts). A copy of
// schemas/ with the personal, engineer and uploads steps renamed, and the engineer step moved, keeps
// every one of them working.

/** The step ids of the edited copy. */
const APPLICANT = 'applicant_details';
const ENGINEER = 'engineer_check';
const DOCUMENTS = 'documents_upload';
const NEW_FLOW = ['applicant_details', 'construction', 'engineer_check', 'construction_details', 'building'];

/** A copy of schemas/ with the steps renamed (their files and every flow) and the engineer step moved. */
function renamedSchemas(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kibali-step-modules-'));
  cpSync(SCHEMAS_DIR, dir, { recursive: true });
  const renames: Record<string, string> = { personal: APPLICANT, engineer: ENGINEER, uploads: DOCUMENTS };
  for (const [from, to] of Object.entries(renames))
    for (const kind of ['schema', 'ui'])
      renameSync(path.join(dir, `steps/${from}.${kind}.json`), path.join(dir, `steps/${to}.${kind}.json`));
  const flowsFile = path.join(dir, 'flows.json');
  const flows = JSON.parse(readFileSync(flowsFile, 'utf8')) as Record<string, string[]>;
  for (const [type, steps] of Object.entries(flows)) flows[type] = steps.map((step) => renames[step] ?? step);
  // The engineer now comes after the construction step.
  flows.new = [...NEW_FLOW, 'building_details', DOCUMENTS];
  writeFileSync(flowsFile, JSON.stringify(flows, null, 2));
  return dir;
}

const STAFF_TOKEN = 'a-staff-token-that-is-long-enough-to-pass';

interface OutboxMessage {
  phone: string;
  message: string;
}

describe.each(databaseKinds)('step modules found by their markers, not their ids (%s)', (kind) => {
  let dir: string;
  let dataDir: string;
  let t: TestApp;
  let splash: Splash;
  /** The answers of each step of a new application of 2 storeys, by the copy's step ids (no documents). */
  let answers: Record<string, Answers>;

  const data = <T>(answer: { body?: unknown }) => (answer.body as { response: { data: T } }).response.data;
  const save = (step_number: number, stepData: Answers, reference_number?: string) =>
    call(t, SAVE, { application_type: 'new', step_number, data: stepData, reference_number });
  /** A new draft saved up to (not including) the engineer step; its reference number. */
  const draftBeforeEngineer = async () => {
    const first = await save(1, answers[APPLICANT]!);
    expect(first.status).toBe(200);
    const reference = first.data.reference_number!;
    expect((await save(2, answers.construction!, reference)).status).toBe(200);
    return reference;
  };
  /** The engineer's confirmation by the code sent to the registry's phone: its validation token. */
  const confirm = async (reference_number: string, engineer_id: string) => {
    expect((await post(t.app, '/api/engineer/send_otp', { engineer_id, reference_number })).status).toBe(200);
    const messages = data<OutboxMessage[]>(await post(t.app, '/api/dev/outbox', {}));
    expect(messages[0]!.message).toContain(reference_number);
    const code = /\b(\d{6})\b/.exec(messages[0]!.message)![1]!;
    const res = await post(t.app, '/api/engineer/validate_otp', { engineer_id, otp: code, reference_number });
    expect(res.status).toBe(200);
    return { token: data<{ validation_token: string }>(res).validation_token, sms: messages[0]!.message };
  };

  beforeAll(async () => {
    dir = renamedSchemas();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-step-modules-data-'));
    t = await createTestApp(
      { DEV_TOOLS: true, DATA_DIR: dataDir, STAFF_API_TOKEN: STAFF_TOKEN },
      { kind, formsDir: dir },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    splash = (await post<Envelope<Splash>>(t.app, '/api/splash/get_splash', {})).body!.response.data;
    const steps = Object.fromEntries(buildingSteps(splash, 2));
    answers = {
      [APPLICANT]: steps.personal!,
      construction: steps.construction!,
      construction_details: steps.construction_details!,
      building: steps.building!,
      building_details: steps.building_details!,
    };
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the renamed steps, and no step by the old ids', async () => {
    const forms = data<{ flows: Record<string, string[]>; steps: Record<string, unknown> }>(
      await post(t.app, '/api/forms/get_forms', {}),
    );
    expect(forms.flows.new).toEqual([...NEW_FLOW, 'building_details', DOCUMENTS]);
    for (const old of ['personal', 'engineer', 'uploads']) expect(forms.steps[old]).toBeUndefined();
  });

  it('keeps the draft’s phone and ID number from the applicant step, and names the applicant in the engineer’s SMS', async () => {
    const reference = await draftBeforeEngineer();
    const row = await stored(t, reference);
    expect(row.phone).toBe(answers[APPLICANT]!.phone);
    expect(row.id_number).toBe(answers[APPLICANT]!.zan_id);
    const { sms } = await confirm(reference, splash.engineers[0]!.registration_number);
    const { first_name, last_name } = answers[APPLICANT] as { first_name: string; last_name: string };
    expect(sms).toContain(`${first_name} `);
    expect(sms).toContain(last_name);
  });

  it('demands the engineer’s confirmation on the renamed and moved engineer step, and takes it', async () => {
    const reference = await draftBeforeEngineer();
    // Another engineer in each test: a code may be sent to one engineer once a minute.
    const engineer_id = splash.engineers[1]!.registration_number;
    const unconfirmed = await save(3, { engineer_id }, reference);
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.data.errors).toEqual([
      { path: `/${ENGINEER}/validation_token`, message: validation.en.engineer_unconfirmed },
    ]);
    expect((await save(3, { engineer_id, validation_token: 'made-up' }, reference)).status).toBe(422);
    const { token } = await confirm(reference, engineer_id);
    expect((await save(3, { engineer_id, validation_token: token }, reference)).status).toBe(200);
    expect((await stored(t, reference)).answers[ENGINEER]).toEqual({ engineer_id, validation_token: token });
  });

  it('checks the floors against the storeys, and the documents on the renamed documents step at submit', async () => {
    const reference = await draftBeforeEngineer();
    const engineer_id = splash.engineers[2]!.registration_number;
    const { token } = await confirm(reference, engineer_id);
    expect((await save(3, { engineer_id, validation_token: token }, reference)).status).toBe(200);
    // One floor row too many for 2 storeys: the rule across steps still holds.
    const details = answers.construction_details!;
    const rows = details.floors as Answers[];
    const tooMany = { ...details, floors: [...rows, { ...structuredClone(rows[0]!), floor: 3 }] };
    const refused = await save(4, tooMany, reference);
    expect(refused.status).toBe(422);
    expect(refused.data.errors?.map((e) => e.path)).toContain('/construction_details/floors');

    const required: RequiredDocument[] = [...splash.normal_attachments, ...splash.not_more_than_three_attachments];
    const uploads = await uploadDocuments(t.app, reference, required);
    const steps = {
      ...answers,
      [ENGINEER]: { engineer_id, validation_token: token },
    };
    const missing = required[0]!.code;
    const fewer = Object.fromEntries(Object.entries(uploads.documents).filter(([code]) => code !== missing));
    const withoutOne = await call(t, FINAL, {
      application_type: 'new',
      reference_number: reference,
      data: { ...steps, [DOCUMENTS]: { documents: fewer } },
    });
    expect(withoutOne.status).toBe(422);
    expect(withoutOne.data.errors).toEqual([
      { path: `/${DOCUMENTS}/documents/${missing}`, message: validation.en.required },
    ]);

    const submitted = await call(t, FINAL, {
      application_type: 'new',
      reference_number: reference,
      data: { ...steps, [DOCUMENTS]: uploads },
    });
    expect(submitted.status).toBe(200);
    const row = await stored(t, reference);
    expect(row.status).toBe('submitted');
    expect(row.answers[DOCUMENTS]).toEqual(uploads);

    // The back office names the applicant from the renamed applicant step, and finds them by name.
    const staff = async (action: string, body: unknown) =>
      data<Record<string, unknown>>(
        await post(t.app, `/api/staff/${action}`, body, { authorization: `Bearer ${STAFF_TOKEN}` }),
      );
    const { first_name, last_name } = answers[APPLICANT] as { first_name: string; last_name: string };
    const shown = await staff('get_application', { reference_number: reference });
    expect(shown.applicant_name).toContain(last_name);
    const listed = (await staff('list_applications', { name: `${first_name} ${last_name}` })) as {
      items: { reference_number: string; applicant_name: string }[];
    };
    expect(listed.items.map((item) => item.reference_number)).toContain(reference);
  });
});

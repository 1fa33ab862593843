import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runStaffCli } from '../../src/server/back-office/staff-cli';
import { personal, rowCount, sample, SAVE, validation } from '../server/application-fixtures';
import { post, type Envelope } from '../server/helpers';
import { createWorld, STAFF_AUTH, STAFF_TOKEN, StateWatch } from './security-world';

// Text that cannot deceive, as the attack: a name or remark carrying a right-to-left override
// (U+202E makes "Asha‮evil.exe" read backwards), a zero-width space (two names that look the same)
// or a terminal escape sequence (ESC[31m recolours, ESC[2J clears a staff member's terminal). Refused
// with 422, the field's path and a message in the caller's language, nothing stored; and what the
// staff command line prints of rows stored anyway (directly in the database) shows them escaped.

const world = await createWorld();
afterAll(() => world.close());
let base = '';
beforeAll(async () => {
  base = await world.app.listen({ port: 0, host: '127.0.0.1' });
});

type FieldErrors = { errors?: { path: string; message: string }[] };
const HOSTILE: [string, string][] = [
  ['a right-to-left override (U+202E)', 'Asha\u202Elmth.exe'],
  ['a zero-width space (U+200B)', 'Ju\u200Bma'],
  ['a terminal escape sequence (ESC[31m)', '\u001b[31mJuma\u001b[0m'],
  ['a zero-width joiner (U+200D)', 'Am\u200Dina'],
  ['a byte order mark (U+FEFF)', '\uFEFFAmina'],
  ['a C1 control (U+009B, CSI)', 'Amina\u009B2J'],
  ['a line break in a one-line answer', 'Amina\nMakame'],
];

describe.each(HOSTILE)('a first name with %s', (_name, firstName) => {
  test.each(['en', 'sw'] as const)('is refused 422 at /personal/first_name in %s, nothing stored', async (language) => {
    const watch = new StateWatch(world);
    await watch.start();
    const res = await post<Envelope<FieldErrors>>(
      world.app,
      SAVE,
      { application_type: 'repair', step_number: 1, data: { ...personal(), first_name: firstName } },
      { 'accept-language': language },
    );
    expect(res.status).toBe(422);
    expect(res.body!.response.data.errors).toEqual([
      { path: '/personal/first_name', message: validation[language].hidden_characters },
    ]);
    expect(await watch.changes()).toEqual({});
  });
});

test('line breaks and tabs pass in a textarea answer, not in a one-line answer of the same step', async () => {
  const saved = await post<Envelope<{ reference_number: string }>>(world.app, SAVE, {
    application_type: 'repair',
    step_number: 1,
    data: personal(),
  });
  const reference_number = saved.body!.response.data.reference_number;
  const repair = (changes: Record<string, unknown>) =>
    post<Envelope<FieldErrors>>(world.app, SAVE, {
      application_type: 'repair',
      step_number: 2,
      reference_number,
      data: { ...sample('repair ok (affects neighbours)'), ...changes },
    });
  const multiline = await repair({ repair_description: 'Replace the roof:\r\n- iron sheets\n-\ttwo rafters' });
  expect(multiline.status).toBe(200);
  const oneLine = await repair({ street_village: 'Mkunazini\nStone Town' });
  expect(oneLine.status).toBe(422);
  expect(oneLine.body!.response.data.errors![0]!.path).toBe('/repair/street_village');
  const hiddenInTextarea = await repair({ precautions: 'Scaffold\u202E on the street side' });
  expect(hiddenInTextarea.status).toBe(422);
  expect(hiddenInTextarea.body!.response.data.errors![0]!.path).toBe('/repair/precautions');
  const bareReturn = await repair({ precautions: 'Scaffold\rOverwritten' });
  expect(bareReturn.status).toBe(422);
});

test('Swahili and English text with accents, quotes and dashes is not refused', async () => {
  const before = await rowCount(world.t);
  const res = await post(world.app, SAVE, {
    application_type: 'repair',
    step_number: 1,
    data: { ...personal(), first_name: 'Zuhura’ Ñé', last_name: 'Mwinyi-Haji', address: 'S.L.P. 12 — “Mji Mkongwe”' },
  });
  expect(res.status).toBe(200);
  expect(await rowCount(world.t)).toBe(before + 1);
});

describe('the dashboard and the back office', () => {
  test('a message with a bidi override is refused in sw, nothing stored; its line breaks are fine', async () => {
    const cookie = await world.sessionCookie(world.applicant('submitted'));
    const watch = new StateWatch(world);
    await watch.start();
    const send = (body: Record<string, string>) =>
      post<Envelope<FieldErrors>>(world.app, '/api/dashboard/send_message', body, { cookie, 'accept-language': 'sw' });
    const refused = await send({ subject: 'Swali', message: 'Habari\u202E gnp.exe' });
    expect(refused.status).toBe(422);
    expect(refused.body!.response.data.errors).toEqual([
      { path: '/message', message: validation.sw.hidden_characters },
    ]);
    expect((await send({ subject: 'Swali\nla pili', message: 'Habari' })).status).toBe(422);
    expect(await watch.changes()).toEqual({});
    expect((await send({ subject: 'Swali', message: 'Habari,\nasante.' })).status).toBe(200);
  });

  test('a renewal reason with an escape sequence is refused', async () => {
    const issued = world.applicant('permit_issued');
    const cookie = await world.sessionCookie(issued);
    const res = await post<Envelope<FieldErrors>>(
      world.app,
      '/api/dashboard/renew_permit',
      { permit_number: issued.permitNumbers[0]!, type_of_work: 'Extension', reason: 'More rooms\u001b[2J' },
      { cookie },
    );
    expect(res.status).toBe(422);
    expect(res.body!.response.data.errors![0]!.path).toBe('/reason');
  });

  test("a staff notification's title with a zero-width space is refused, nothing stored", async () => {
    const watch = new StateWatch(world);
    await watch.start();
    const res = await post<Envelope<FieldErrors>>(
      world.app,
      '/api/staff/add_notification',
      { reference_number: world.applicant('submitted').reference, title: 'Pay\u200Bment', message: 'Please pay.' },
      STAFF_AUTH,
    );
    expect(res.status).toBe(422);
    expect(res.body!.response.data.errors).toEqual([{ path: '/title', message: validation.en.hidden_characters }]);
    expect(await watch.changes()).toEqual({});
  });
});

describe('the staff command line', () => {
  const HIDDEN_OUTPUT = /[\p{Cc}\p{Cf}]/u;
  const staff = async (...args: string[]) => {
    const out: string[] = [];
    const code = await runStaffCli(
      ['--url', base, ...args],
      { STAFF_API_TOKEN: STAFF_TOKEN },
      {
        out: (text) => out.push(text),
        err: (text) => out.push(text),
      },
    );
    return { code, text: out.join('\n') };
  };

  test('prints escaped what was stored directly in the database, in tables, details and --json', async () => {
    const target = world.applicant('under_review');
    const db = world.t.database.db;
    const row = await db
      .selectFrom('application')
      .select('answers')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    const answers = row.answers as { personal: Record<string, unknown> };
    answers.personal = {
      ...answers.personal,
      first_name: 'Asha\u202Eexe.rm',
      last_name: '\u001b[31mRed\u001b[0m\u200B',
    };
    await db
      .updateTable('application')
      .set({ answers: JSON.stringify(answers) as never })
      .where('id', '=', target.id)
      .execute();
    await db
      .insertInto('application_event')
      .values({
        application_id: target.id,
        status: 'under_review',
        remark: 'Fine\u001b[2J\u009B\u2066hidden\u2069\rX',
      })
      .execute();

    const listed = await staff('list', '--reference', target.reference);
    expect(listed.code).toBe(0);
    expect(listed.text).toContain('Asha\\u{202E}exe.rm');
    expect(listed.text).toContain('\\u{001B}[31mRed\\u{001B}[0m\\u{200B}');
    expect(listed.text.replace(/\n/g, '')).not.toMatch(HIDDEN_OUTPUT);

    const shown = await staff('show', target.reference);
    expect(shown.code).toBe(0);
    // (A table cell shows any run of white space, the carriage return included, as one space.)
    expect(shown.text).toContain('Fine\\u{001B}[2J\\u{009B}\\u{2066}hidden\\u{2069} X');
    expect(shown.text.replace(/\n/g, '')).not.toMatch(HIDDEN_OUTPUT);

    const json = await staff('show', target.reference, '--json');
    expect(json.text.replace(/\n/g, '')).not.toMatch(HIDDEN_OUTPUT);
    const parsed = JSON.parse(json.text) as { data: { history: { remark: string | null }[] } };
    expect(parsed.data.history.map((h) => h.remark)).toContain('Fine\u001b[2J\u009B\u2066hidden\u2069\rX');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, post, type Envelope, type TestApp } from './helpers';
import { applicationIn, newPerson } from './signed-in-fixtures';
import { addStaff, staffSignIn, type TestStaff } from './staff-fixtures';

// Who works an application (issue 33, item 2), through assign_application as the workspace, the API and
// the command line call it: an officer takes one nobody has and gives back their own; an officer cannot
// take another's nor give one to someone else; an administrator (and the integration) reassigns; "My
// work" lists what is mine; each change is a line of the history with before and after.

const TOKEN = 'assignment-integration-token-0123456789';

interface Person {
  login: string;
  name: string;
}
interface Data {
  assignee?: Person | null;
  previous?: Person | null;
  errors?: { path: string }[];
  items?: { reference_number: string; assignee: Person | null }[];
  history?: { action: string | null; details: Record<string, unknown>; by: { name: string } | null }[];
}

describe.each(databaseKinds)('assignment (%s)', (kind) => {
  let t: TestApp;
  let asha: TestStaff;
  let bakari: TestStaff;
  let admin: TestStaff;
  let editor: TestStaff;
  const cookie = {} as Record<'asha' | 'bakari' | 'admin', string>;
  let reference = '';
  let draft = '';

  beforeAll(async () => {
    t = await createTestApp({ STAFF_API_TOKEN: TOKEN }, { kind });
    asha = await addStaff(t, 'officer', { name: 'Asha Officer' });
    bakari = await addStaff(t, 'officer', { name: 'Bakari Officer' });
    admin = await addStaff(t, 'admin', { name: 'Amina Admin' });
    editor = await addStaff(t, 'policy_editor', { name: 'Omar Editor' });
    cookie.asha = await staffSignIn(t, asha);
    cookie.bakari = await staffSignIn(t, bakari);
    cookie.admin = await staffSignIn(t, admin);
    reference = (await applicationIn(t, newPerson('71'), 'submitted')).reference;
    draft = (await applicationIn(t, newPerson('72'), 'draft')).reference;
  }, 120_000);
  afterAll(() => t?.close());

  async function as(who: keyof typeof cookie | 'integration', action: string, body: unknown) {
    const headers: Record<string, string> =
      who === 'integration' ? { authorization: `Bearer ${TOKEN}` } : { cookie: cookie[who] };
    const res = await post<Envelope<Data>>(t.app, `/api/staff/${action}`, body, headers);
    return { status: res.status, message: res.body?.response.message, data: res.body!.response.data };
  }
  const assign = (who: keyof typeof cookie | 'integration', assignee: string | null, ref = reference) =>
    as(who, 'assign_application', { reference_number: ref, assignee });
  const person = (staff: TestStaff) => ({ login: staff.login, name: staff.name });
  const mine = async (who: keyof typeof cookie | 'integration') =>
    ((await as(who, 'list_applications', { mine: true })).data.items ?? []).map((i) => i.reference_number);
  const assignments = async () =>
    ((await as('admin', 'get_application', { reference_number: reference })).data.history ?? []).filter(
      (line) => line.action === 'assign_application',
    );

  it('an officer takes an application nobody has: it is theirs, in "My work", and in the history', async () => {
    const taken = await assign('asha', asha.login);
    expect(taken.status).toBe(200);
    expect(taken.data).toMatchObject({ assignee: person(asha), previous: null });
    expect(taken.message).toContain(asha.name);
    expect(await mine('asha')).toEqual([reference]);
    expect(await mine('bakari')).toEqual([]);
    const shown = await as('bakari', 'get_application', { reference_number: reference });
    expect(shown.data.assignee).toEqual(person(asha));
    const listed = await as('bakari', 'list_applications', { search: reference });
    expect(listed.data.items).toMatchObject([{ reference_number: reference, assignee: person(asha) }]);
    expect(await assignments()).toMatchObject([{ details: { from: null, to: person(asha) }, by: { name: asha.name } }]);
  });

  it('another officer can neither take it nor give it to someone else, and nothing changes', async () => {
    const taken = await assign('bakari', bakari.login);
    expect(taken.status).toBe(409);
    expect(taken.data).toEqual({ assignee: asha.name });
    expect((await assign('bakari', null)).status).toBe(403);
    expect((await assign('asha', bakari.login)).status).toBe(403);
    // Whatever login an officer names, the same refusal: it tells them nothing of who has an account.
    expect((await assign('asha', editor.login)).status).toBe(403);
    expect((await assign('asha', 'nobody.here')).status).toBe(403);
    expect(await mine('asha')).toEqual([reference]);
    expect(await assignments()).toHaveLength(1);
  });

  it('its officer gives it back; then another takes it', async () => {
    expect((await assign('asha', null)).data).toMatchObject({ assignee: null, previous: person(asha) });
    expect(await mine('asha')).toEqual([]);
    expect((await assign('bakari', bakari.login)).data).toMatchObject({ assignee: person(bakari), previous: null });
    expect(await mine('bakari')).toEqual([reference]);
  });

  it('an administrator reassigns it, and the history keeps before and after', async () => {
    const moved = await assign('admin', asha.login);
    expect(moved.data).toMatchObject({ assignee: person(asha), previous: person(bakari) });
    expect(await mine('asha')).toEqual([reference]);
    expect(await mine('bakari')).toEqual([]);
    const lines = await assignments();
    // Newest first.
    expect(lines[0]).toMatchObject({ details: { from: person(bakari), to: person(asha) }, by: { name: admin.name } });
    expect(lines).toHaveLength(4);
  });

  it('the integration reassigns too; it has no work of its own', async () => {
    expect((await assign('integration', bakari.login)).data).toMatchObject({ assignee: person(bakari) });
    expect(await mine('integration')).toEqual([]);
  });

  it('refuses anyone who does not work applications, an unknown login, and a draft', async () => {
    for (const login of [editor.login, 'nobody.here']) {
      const refused = await assign('admin', login);
      expect(refused.status, login).toBe(422);
      expect(refused.data.errors).toMatchObject([{ path: '/assignee' }]);
    }
    expect((await assign('admin', asha.login, draft)).status).toBe(409);
    expect((await as('admin', 'get_application', { reference_number: reference })).data.assignee).toEqual(
      person(bakari),
    );
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STUDIO_API, type StudioConflict, type StudioDraftAnswer } from '../../src/shared/api/studio';
import type { FeeSchedule } from '../../src/shared/fees/fee-schedule';
import { createTestApp, databaseKinds, post, type TestApp } from './helpers';
import { draftNow, revisionOf, signedIn, studio, type SignedIn } from './studio-fixtures';

// Issue 19 item 2: policy staff edit the fee schedule in the studio (save_fees), one item of the
// shared draft with its own revision; the checker's fee problems come back with the save.

describe.each(databaseKinds)('the studio fee schedule, on %s', (kind) => {
  let t: TestApp;
  let asha: SignedIn;
  let juma: SignedIn;
  let officer: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({}, { kind });
    asha = await signedIn(t, 'policy_editor', 'Asha Editor');
    juma = await signedIn(t, 'policy_publisher', 'Juma Publisher');
    officer = await signedIn(t, 'officer', 'Omari Officer');
  }, 120_000);
  afterAll(() => t?.close());
  beforeEach(async () => {
    expect((await studio(t, asha, 'discard_draft')).status).toBe(200);
  });

  const feesOf = (answer: StudioDraftAnswer) => structuredClone<FeeSchedule>(answer.draft.set.fees!);

  it('a changed rate is saved, its item raised, who saved it audited, and another editor reads it', async () => {
    const view = await draftNow(t, asha);
    const fees = feesOf(view);
    fees.types.new!.area!.rates!.commercial = 3500;
    const res = await studio<StudioDraftAnswer>(t, asha, 'save_fees', { base: revisionOf(view, 'fees'), fees });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = res.body!.response.data;
    expect(after.draft.set.fees!.types.new!.area!.rates!.commercial).toBe(3500);
    expect(after.draft.revision).toBe(view.draft.revision + 1);
    expect(revisionOf(after, 'fees')).toBe(after.draft.revision);
    expect(revisionOf(after, 'flows')).toBe(revisionOf(view, 'flows'));
    expect(after.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect((await draftNow(t, juma)).draft.set.fees!.types.new!.area!.rates!.commercial).toBe(3500);
    const audit = await t.database.db
      .selectFrom('studio_audit')
      .select(['staff_name', 'action', 'subject'])
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(audit).toEqual({ staff_name: asha.label, action: 'save_fees', subject: 'fees' });
  });

  it('a save on top of another editor’s newer schedule is refused with 409 and theirs, never overwritten', async () => {
    const view = await draftNow(t, asha);
    const mine = feesOf(view);
    mine.types.repair!.base = 40000;
    const theirs = feesOf(view);
    theirs.types.repair!.base = 35000;
    const first = await studio(t, juma, 'save_fees', { base: revisionOf(view, 'fees'), fees: theirs });
    expect(first.status).toBe(200);
    const stale = await studio<StudioConflict>(t, asha, 'save_fees', { base: revisionOf(view, 'fees'), fees: mine });
    expect(stale.status).toBe(409);
    expect(stale.body!.response.data).toMatchObject({ item: 'fees', by: juma.label });
    const now = await draftNow(t, asha);
    expect(now.draft.set.fees!.types.repair!.base).toBe(35000);
    // "Keep mine": saved on top of the revision the conflict named.
    const kept = await studio<StudioDraftAnswer>(t, asha, 'save_fees', {
      base: stale.body!.response.data.revision,
      fees: mine,
    });
    expect(kept.status).toBe(200);
    expect(kept.body!.response.data.draft.set.fees!.types.repair!.base).toBe(40000);
  });

  it('a schedule with mistakes is saved and answered with the checker’s fee problems', async () => {
    const view = await draftNow(t, asha);
    const fees = feesOf(view);
    fees.types.repair!.round_to = 0;
    fees.types.government!.exemption = { reason: { en: 'Government buildings pay no permit fee.', sw: '' } };
    const res = await studio<StudioDraftAnswer>(t, asha, 'save_fees', { base: revisionOf(view, 'fees'), fees });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const codes = res.body!.response.data.problems.filter((p) => p.file === 'fees.json').map((p) => p.code);
    expect(codes).toEqual(expect.arrayContaining(['fees_round_to', 'fees_exemption_reason']));
    // Publish is refused while they stand.
    const publish = await studio(t, juma, 'publish', {
      revision: res.body!.response.data.draft.revision,
      summary: 'Fees',
    });
    expect(publish.status).not.toBe(200);
  });

  it('attack: an officer, a stranger, an oversized or malformed schedule change nothing', async () => {
    const view = await draftNow(t, asha);
    const fees = feesOf(view);
    fees.types.new!.base = 1;
    const body = { base: revisionOf(view, 'fees'), fees };
    expect((await studio(t, officer, 'save_fees', body)).status).toBe(403);
    expect((await post(t.app, `${STUDIO_API}/save_fees`, body)).status).toBe(401);
    expect((await studio(t, asha, 'save_fees', { ...body, extra: true })).status).toBe(400);
    expect((await studio(t, asha, 'save_fees', { base: body.base, fees: 'free' })).status).toBe(400);
    const many = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`t${i}`, { base: 1 }]));
    expect((await studio(t, asha, 'save_fees', { base: body.base, fees: { ...fees, types: many } })).status).toBe(400);
    const huge = { ...fees, $comment: 'x'.repeat(70 * 1024) };
    expect((await studio(t, asha, 'save_fees', { base: body.base, fees: huge })).status).toBe(413);
    const after = await draftNow(t, asha);
    expect(after.draft.revision).toBe(view.draft.revision);
    expect(after.draft.set.fees).toEqual(view.draft.set.fees);
  });
});

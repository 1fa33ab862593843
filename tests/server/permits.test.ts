import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { PDFParse } from 'pdf-parse';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { insertApplication } from '../../src/server/applications/applications-repository';
import * as forgetCopiedUses from '../../src/server/db/migrations/20261202T040100-permit-use-not-applicant-text';
import { newReferenceNumber } from '../../src/server/applications/reference-number';
import { DEVELOPMENT_SIGNING_KEY, PermitSigner } from '../../src/server/permits/permit-signature';
import type { VerifiedPermit } from '../../src/shared/api/permits';
import { todayIso } from '../../src/shared/dashboard';
import { formatLongDate } from '../../src/shared/text-format';
import { api, apiText } from './application-fixtures';
import { createTestApp, databaseKinds, post, type Envelope, type TestApp } from './helpers';
import { dashboardCall, signIn } from './signed-in-fixtures';
import { addStaff, staffSignIn } from './staff-fixtures';
import { fakeDate } from './fake-clock';

// The permit document (issue 19, item 4): the PDF (its text and QR code read back), who may download
// it, the public verify call for every state and every forgery, revocation, and the SMS at issue.

const TOKEN = 'permits-back-office-token-0123456789abcdef';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const KEY = 'permits-test-signing-key-0123456789abcdef';
const ORIGIN = 'https://kibali.example.tz';
const SETUP_MS = 120_000;
const DAY = 86_400_000;
const day = (days: number) => todayIso(new Date(Date.now() + days * DAY));
const signer = new PermitSigner(KEY);

const text = apiText;

const sample = JSON.parse(readFileSync('schemas/samples/new.json', 'utf8')) as Record<string, Record<string, unknown>>;
let serial = 0;

describe.each(databaseKinds)('permits (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(
      { STAFF_API_TOKEN: TOKEN, PERMIT_SIGNING_KEY: KEY, PUBLIC_URL: ORIGIN },
      {
        kind,
        rateLimits: { limits: { sign_in: { max: 1000 }, captcha: { max: 1000 }, permit_verify: { max: 1000 } } },
      },
    );
  }, SETUP_MS);
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;

  /** An approved application of the 'new' type with the sample's answers (plot, use, storeys). */
  async function approvedApplication(language: 'en' | 'sw' = 'en') {
    serial += 1;
    const n = String(serial).padStart(3, '0');
    const phone = `+255748${process.pid % 1000}${n}`.slice(0, 13);
    const zanId = `1948${String(process.pid % 1000).padStart(3, '0')}${n}`.slice(0, 9);
    const reference = newReferenceNumber();
    const record = await insertApplication(db(), reference, 'new', {
      status: 'approved',
      step_number: 7,
      forms_version: 1,
      answers: { ...sample, personal: { ...sample.personal, zan_id: zanId, phone } },
      phone,
      id_number: zanId,
      language,
      submitted: true,
    });
    return { id: record.id, reference: `${reference.slice(0, 5)}-${reference.slice(5)}`, phone, zanId };
  }

  async function staff(action: string, body: unknown, headers: Record<string, string> = AUTH) {
    const res = await post<Envelope<Record<string, unknown>>>(t.app, `/api/staff/${action}`, body, headers);
    return { status: res.status, message: res.body?.response.message, data: res.body?.response.data ?? {} };
  }

  let permitSerial = 0;
  /** The approved use in staff's words (issue_permit needs it). */
  const STAFF_USE = 'Residential house with one shop';
  async function issued(options: { from?: string; until?: string; extras?: Record<string, unknown> } = {}) {
    const application = await approvedApplication();
    permitSerial += 1;
    const permit = {
      permit_number: `ZNZ/BP/${kind === 'pglite' ? 'L' : 'P'}${process.pid}-${permitSerial}`,
      valid_from: options.from ?? day(0),
      valid_until: options.until ?? day(365),
    };
    const res = await staff('issue_permit', {
      reference_number: application.reference,
      approved_use: STAFF_USE,
      ...permit,
      ...options.extras,
    });
    expect(res.status, JSON.stringify(res)).toBe(200);
    return { ...application, ...permit };
  }

  const verify = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    post<Envelope<VerifiedPermit>>(t.app, '/api/permits/verify', body, headers, { asStranger: true });

  async function pdfOf(bytes: Buffer) {
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    const { text: pdfText } = await parser.getText();
    const images = await parser.getImage();
    await parser.destroy();
    const qr = images.pages
      .flatMap((page) => page.images)
      .map((image) => {
        const png = PNG.sync.read(Buffer.from(image.data));
        return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
      })
      .find((found) => found !== undefined);
    return { text: pdfText.replace(/\s+/g, ' '), qr };
  }

  describe('the PDF', () => {
    it('is downloaded by its owner, in English and Swahili, with a QR code of the signed verify link', async () => {
      const permit = await issued({
        extras: { conditions: ['Keep 3 m from the road reserve', 'Hakuna ujenzi usiku'], storeys: 2 },
      });
      const cookie = await signIn(t, permit.reference, permit.phone);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/dashboard/download_permit',
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ permit_number: permit.permit_number }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="building-permit-ZNZ-BP-.+\.pdf"$/);
      // Personal data: kept by no cache on the way (tests/security/headers.test.ts checks the other answers).
      expect(res.headers['cache-control']).toContain('no-store');
      const pdf = await pdfOf(res.rawPayload);
      for (const expected of [
        permit.permit_number,
        'Amina Khamis Makame',
        '1234/5',
        'Mwanakwerekwe',
        STAFF_USE,
        '2 storeys above the ground floor',
        'Ghorofa 2 juu ya sakafu ya chini',
        formatLongDate(permit.valid_from, 'en'),
        formatLongDate(permit.valid_from, 'sw'),
        formatLongDate(permit.valid_until, 'en'),
        formatLongDate(permit.valid_until, 'sw'),
        'Keep 3 m from the road reserve',
        'Hakuna ujenzi usiku',
        'Building permit / Kibali cha ujenzi'.split(' / ')[0]!.toUpperCase(),
        'KIBALI CHA UJENZI',
        'Conditions / Masharti',
        'Valid until / Halali hadi',
        text('en', 'permits.issuing_unit'),
        text('sw', 'permits.issuing_unit'),
      ])
        expect(pdf.text).toContain(expected);
      // Nothing personal beyond the owner's name: no ID number, no phone, no email.
      expect(pdf.text).not.toContain(permit.zanId);
      expect(pdf.text).not.toContain(permit.phone.slice(4));
      expect(pdf.text).not.toContain('@example.com');
      const link = `${ORIGIN}/home/verify/${encodeURIComponent(permit.permit_number)}?s=${signer.sign(permit)}`;
      expect(pdf.qr).toBe(link);
    });

    it('is refused to a caller without a session, to a reference number alone, and to another applicant', async () => {
      const permit = await issued();
      const other = await issued();
      const body = { permit_number: permit.permit_number };
      const stranger = await dashboardCall(t, 'download_permit', undefined, body);
      expect(stranger.status).toBe(401);
      // The reference number in the body opens nothing (and is not even a field of the call).
      const byReference = await dashboardCall(t, 'download_permit', undefined, {
        ...body,
        reference_number: permit.reference,
      });
      expect(byReference.status).toBe(401);
      const otherCookie = await signIn(t, other.reference, other.phone);
      const otherApplicant = await dashboardCall(t, 'download_permit', otherCookie, body);
      expect(otherApplicant.status).toBe(403);
      expect(otherApplicant.body?.response.message).toBe(api.en['access_denied']);
      // Their own works.
      const own = await t.app.inject({
        method: 'POST',
        url: '/api/dashboard/download_permit',
        headers: { cookie: otherCookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ permit_number: other.permit_number }),
      });
      expect(own.statusCode).toBe(200);
    });

    it('is given to staff (get_permit_document), with the same QR link; 404 for an unknown number', async () => {
      const permit = await issued();
      const res = await staff('get_permit_document', { permit_number: permit.permit_number });
      expect(res.status).toBe(200);
      const bytes = Buffer.from(String(res.data.content_base64), 'base64');
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const pdf = await pdfOf(bytes);
      expect(pdf.qr).toBe(`${ORIGIN}/home/verify/${encodeURIComponent(permit.permit_number)}?s=${signer.sign(permit)}`);
      expect((await staff('get_permit_document', { permit_number: 'ZNZ/NONE/1' })).status).toBe(404);
      const none = await post<Envelope>(t.app, '/api/staff/get_permit_document', {
        permit_number: permit.permit_number,
      });
      expect(none.status).toBe(401);
    });

    it('is previewed before it is issued (preview_permit): marked on its page, no QR code, nothing written', async () => {
      const application = await approvedApplication();
      const permit = {
        reference_number: application.reference,
        permit_number: `ZNZ/PRE/${kind}-${process.pid}`,
        valid_from: day(0),
        valid_until: day(365),
        approved_use: STAFF_USE,
        storeys: 3,
        conditions: ['Keep 3 m from the road reserve'],
      };
      const res = await staff('preview_permit', permit);
      expect(res.status, JSON.stringify(res)).toBe(200);
      expect(String(res.data.file_name)).toMatch(/^permit-preview-/);
      const pdf = await pdfOf(Buffer.from(String(res.data.content_base64), 'base64'));
      expect(pdf.text).toContain('PREVIEW - NOT A PERMIT');
      expect(pdf.text).toContain('ONYESHO LA AWALI - SI KIBALI');
      expect(pdf.text).toContain(STAFF_USE);
      expect(pdf.text).toContain('Keep 3 m from the road reserve');
      expect(pdf.text).toContain(permit.permit_number);
      expect(pdf.qr).toBeUndefined();
      // Nothing issued: the application is still approved, the number unknown, and it can be issued after.
      const after = await staff('get_application', { reference_number: application.reference });
      expect(after.data.status).toBe('approved');
      expect(after.data.permits).toEqual([]);
      expect((await verify({ permit_number: permit.permit_number })).status).toBe(404);
      expect((await staff('issue_permit', permit)).status).toBe(200);
      // Checked as issue_permit checks: a number taken, a stage with no permit, a field missing.
      expect((await staff('preview_permit', permit)).status).toBe(409);
      const other = await approvedApplication();
      const noUse = await staff('preview_permit', { ...permit, reference_number: other.reference, approved_use: ' ' });
      expect(noUse.status).toBe(422);
      const wrongStage = await staff('preview_permit', {
        ...permit,
        reference_number: application.reference,
        permit_number: `ZNZ/PRE/${kind}-${process.pid}-2`,
      });
      expect(wrongStage.status).toBe(409);
      expect(wrongStage.message).toContain('Permit issued');
    });
  });

  describe("the approved use is the authority's words, never the applicant's (issue 31, item 7)", () => {
    const CLAIM = 'Hotel and casino — approved by the Minister';

    async function claimingApplication() {
      const application = await approvedApplication();
      const answers = {
        ...sample,
        personal: { ...sample.personal, zan_id: application.zanId, phone: application.phone },
        construction: {
          ...sample.construction,
          current_land_use: 'other',
          other_land_use: CLAIM,
          building_type_description: CLAIM,
        },
      };
      await db()
        .updateTable('application')
        .set({ answers: JSON.stringify(answers) })
        .where('id', '=', application.id)
        .execute();
      return application;
    }

    it("issue_permit without an approved use is refused (422, in the caller's language) and issues nothing", async () => {
      const application = await claimingApplication();
      const body = {
        reference_number: application.reference,
        permit_number: `ZNZ/USE/${kind}-${process.pid}-a`,
        valid_from: day(0),
        valid_until: day(365),
      };
      for (const language of ['en', 'sw'] as const) {
        const res = await staff(
          'issue_permit',
          { ...body, approved_use: '   ' },
          { ...AUTH, 'accept-language': language },
        );
        expect(res.status).toBe(422);
        expect(res.data.errors).toEqual([
          { path: '/approved_use', message: text(language, 'permits.fields.approved_use_required') },
        ]);
      }
      expect((await staff('issue_permit', body)).status).toBe(422);
      expect(
        await db().selectFrom('permit').select('id').where('application_id', '=', application.id).execute(),
      ).toEqual([]);
      const status = await db()
        .selectFrom('application')
        .select('status')
        .where('id', '=', application.id)
        .executeTakeFirstOrThrow();
      expect(status.status).toBe('approved');
    });

    it("the permit and the verify page print staff's approved use, and nowhere the applicant's claim", async () => {
      const application = await claimingApplication();
      const permit = { permit_number: `ZNZ/USE/${kind}-${process.pid}-b`, valid_from: day(0), valid_until: day(365) };
      const res = await staff('issue_permit', {
        reference_number: application.reference,
        approved_use: STAFF_USE,
        ...permit,
      });
      expect(res.status).toBe(200);
      const checked = await verify({ permit_number: permit.permit_number, signature: signer.sign(permit) });
      expect(checked.body!.response.data.approved_use).toBe(STAFF_USE);
      expect(JSON.stringify(checked.body)).not.toContain('casino');
      const document = await staff('get_permit_document', { permit_number: permit.permit_number });
      const pdf = await pdfOf(Buffer.from(String(document.data.content_base64), 'base64'));
      expect(pdf.text).toContain(STAFF_USE);
      expect(pdf.text).not.toContain('casino');
    });

    it("a permit issued before, which copied the applicant's text, no longer prints it (the migration)", async () => {
      const application = await claimingApplication();
      const copied = { permit_number: `ZNZ/USE/${kind}-${process.pid}-c`, valid_from: day(0), valid_until: day(365) };
      expect(
        (await staff('issue_permit', { reference_number: application.reference, approved_use: STAFF_USE, ...copied }))
          .status,
      ).toBe(200);
      // As the code before this fix wrote it: the description, spaces collapsed.
      await db()
        .updateTable('permit')
        .set({ approved_use: CLAIM })
        .where('permit_number', '=', copied.permit_number)
        .execute();
      const other = await approvedApplication();
      const kept = { permit_number: `ZNZ/USE/${kind}-${process.pid}-d`, valid_from: day(0), valid_until: day(365) };
      expect(
        (await staff('issue_permit', { reference_number: other.reference, approved_use: STAFF_USE, ...kept })).status,
      ).toBe(200);
      await forgetCopiedUses.up(db() as unknown as Kysely<unknown>);
      const checked = await verify({ permit_number: copied.permit_number, signature: signer.sign(copied) });
      expect(checked.body!.response.data.approved_use).toBeNull();
      expect(JSON.stringify(checked.body)).not.toContain('casino');
      const still = await verify({ permit_number: kept.permit_number });
      expect(still.body!.response.data.approved_use).toBe(STAFF_USE);
    });
  });

  describe('issue_permit', () => {
    it('keeps what the permit says when the answers change later, and bounds the extras', async () => {
      const permit = await issued({ extras: { approved_use: 'Residential house', storeys: 0 } });
      await db()
        .updateTable('application')
        .set({
          answers: JSON.stringify({ ...sample, construction: { ...sample.construction, plot_number: '9999/9' } }),
        })
        .where('id', '=', permit.id)
        .execute();
      const answer = await verify({ permit_number: permit.permit_number, signature: signer.sign(permit) });
      expect(answer.body?.response.data).toMatchObject({
        plot: { plot_number: '1234/5', shehia: 'Mwanakwerekwe', ward: 'Mwanakwerekwe' },
        approved_use: 'Residential house',
        storeys: 0,
      });
      const application = await approvedApplication();
      const base = {
        reference_number: application.reference,
        approved_use: STAFF_USE,
        valid_from: day(0),
        valid_until: day(30),
      };
      const tooMany = await staff('issue_permit', {
        ...base,
        permit_number: `ZNZ/X/${process.pid}-many`,
        conditions: Array.from({ length: 21 }, (_, i) => `Condition ${i}`),
      });
      expect(tooMany.status).toBe(400);
      const blank = await staff('issue_permit', {
        ...base,
        permit_number: `ZNZ/X/${process.pid}-b`,
        conditions: ['  '],
      });
      expect(blank.status).toBe(422);
      const storeys = await staff('issue_permit', { ...base, permit_number: `ZNZ/X/${process.pid}-s`, storeys: 61 });
      expect(storeys.status).toBe(400);
      // Nothing was issued by the refused calls.
      const permits = await db()
        .selectFrom('permit')
        .select('id')
        .where('application_id', '=', application.id)
        .execute();
      expect(permits).toHaveLength(0);
    });

    it('sends the SMS and notice with the signed link to the verify page', async () => {
      const permit = await issued();
      const sms = await db()
        .selectFrom('sms_outbox')
        .select('message')
        .where('phone', '=', permit.phone)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const link = `${ORIGIN}/home/verify/${encodeURIComponent(permit.permit_number)}?s=${signer.sign(permit)}`;
      expect(sms.message).toContain(permit.permit_number);
      expect(sms.message).toContain(link);
      const cookie = await signIn(t, permit.reference, permit.phone);
      const notices = await dashboardCall<{ message: string }[]>(t, 'get_notifications', cookie);
      expect(notices.body!.response.data.some((n) => n.message.includes(link))).toBe(true);
    });
  });

  describe('verify', () => {
    it('answers a valid permit with its public facts only; the owner only with the right signature', async () => {
      const permit = await issued();
      const typed = await verify({ permit_number: permit.permit_number });
      expect(typed.status).toBe(200);
      const data = typed.body!.response.data;
      expect(data).toMatchObject({
        permit_number: permit.permit_number,
        status: 'valid',
        signature: 'absent',
        valid_from: permit.valid_from,
        valid_until: permit.valid_until,
        storeys: 1,
        revoked_on: null,
        renewed_by: null,
        issuing_unit: { en: text('en', 'permits.issuing_unit'), sw: text('sw', 'permits.issuing_unit') },
      });
      expect(data).not.toHaveProperty('owner_name');
      const signed = await verify({ permit_number: permit.permit_number, signature: signer.sign(permit) });
      expect(signed.body!.response.data).toMatchObject({ signature: 'valid', owner_name: 'Amina Khamis Makame' });
      // No personal data in either answer: no ID number, phone, email, reference number.
      for (const answer of [typed, signed]) {
        const raw = JSON.stringify(answer.body);
        for (const secret of [permit.zanId, permit.phone, permit.phone.slice(4), 'example.com', permit.reference])
          expect(raw).not.toContain(secret);
        expect(Object.keys(answer.body!.response.data).sort()).toEqual(
          [
            'approved_use',
            'issuing_unit',
            'permit_number',
            'plot',
            'renewed_by',
            'revoked_on',
            'signature',
            'status',
            'storeys',
            'valid_from',
            'valid_until',
            ...(answer === signed ? ['owner_name'] : []),
          ].sort(),
        );
      }
    });

    it('detects forgeries: a made-up number, changed dates, another permit’s signature, another key', async () => {
      const permit = await issued();
      const other = await issued();
      const madeUp = await verify({
        permit_number: 'ZNZ/BP/FAKE-1',
        signature: signer.sign({ ...permit, permit_number: 'ZNZ/BP/FAKE-1' }),
      });
      expect(madeUp.status).toBe(404);
      expect(madeUp.body?.response.message).toBe(text('en', 'permits.not_found'));
      const changedDates = signer.sign({ ...permit, valid_until: day(3650) });
      const forgeries = [
        changedDates,
        signer.sign(other),
        new PermitSigner(DEVELOPMENT_SIGNING_KEY).sign(permit),
        'AAAAAAAAAAAAAAAAAAAAAA',
      ];
      for (const signature of forgeries) {
        const answer = await verify({ permit_number: permit.permit_number, signature });
        expect(answer.status).toBe(200);
        expect(answer.body!.response.data.signature).toBe('mismatch');
        // The true dates are shown to compare with the paper; the owner's name is not.
        expect(answer.body!.response.data.valid_until).toBe(permit.valid_until);
        expect(answer.body!.response.data).not.toHaveProperty('owner_name');
      }
      const sw = await verify({ permit_number: 'ZNZ/BP/FAKE-2' }, { 'accept-language': 'sw' });
      expect(sw.body?.response.message).toBe(text('sw', 'permits.not_found'));
      const bad = await verify({ permit_number: '<script>', signature: '!!' });
      expect(bad.status).toBe(400);
    });

    it('says expired once the fake clock passes valid_until, and not yet valid before valid_from', async () => {
      const permit = await issued({ from: day(0), until: day(10) });
      const later = await issued({ from: day(5), until: day(30) });
      expect((await verify({ permit_number: later.permit_number })).body!.response.data.status).toBe('not_yet_valid');
      fakeDate(Date.now() + 12 * DAY);
      try {
        const answer = await verify({ permit_number: permit.permit_number, signature: signer.sign(permit) });
        expect(answer.body!.response.data).toMatchObject({ status: 'expired', signature: 'valid' });
        expect((await verify({ permit_number: later.permit_number })).body!.response.data.status).toBe('valid');
      } finally {
        vi.useRealTimers();
      }
    });

    it('says renewed, with the new permit number, once a renewal is issued', async () => {
      const permit = await issued();
      await db().updateTable('application').set({ status: 'renewal_requested' }).where('id', '=', permit.id).execute();
      const renewal = { permit_number: `${permit.permit_number}-R`, valid_from: day(1), valid_until: day(400) };
      const res = await staff('issue_permit', {
        reference_number: permit.reference,
        approved_use: STAFF_USE,
        ...renewal,
      });
      expect(res.status).toBe(200);
      const old = await verify({ permit_number: permit.permit_number, signature: signer.sign(permit) });
      expect(old.body!.response.data).toMatchObject({
        status: 'renewed',
        renewed_by: renewal.permit_number,
        signature: 'valid',
      });
      const fresh = await verify({ permit_number: renewal.permit_number, signature: signer.sign(renewal) });
      expect(fresh.body!.response.data).toMatchObject({
        status: 'not_yet_valid',
        renewed_by: null,
        signature: 'valid',
      });
    });

    it('is rate-limited per client', async () => {
      const limited = await createTestApp({}, { kind, rateLimits: { limits: { permit_verify: { max: 3 } } } });
      try {
        const codes: number[] = [];
        for (let i = 0; i < 4; i++)
          codes.push((await post(limited.app, '/api/permits/verify', { permit_number: 'ZNZ/NONE/1' })).status);
        expect(codes).toEqual([404, 404, 404, 429]);
      } finally {
        await limited.close();
      }
    });
  });

  describe('revoke_permit', () => {
    it('needs an officer or admin (or the token), and a reason', async () => {
      const permit = await issued();
      const body = { permit_number: permit.permit_number, reason: 'Built beyond the approved plot.' };
      expect((await staff('revoke_permit', body, {})).status).toBe(401);
      const editor = await addStaff(t, 'policy_editor');
      const editorCookie = await staffSignIn(t, editor);
      expect((await staff('revoke_permit', body, { cookie: editorCookie })).status).toBe(403);
      const blank = await staff('revoke_permit', { ...body, reason: '   ' });
      expect(blank.status).toBe(422);
      expect(JSON.stringify(blank.data)).toContain(text('en', 'permits.fields.reason_required'));
      expect((await staff('revoke_permit', { permit_number: permit.permit_number })).status).toBe(400);
      // Nothing changed by the refusals.
      expect((await verify({ permit_number: permit.permit_number })).body!.response.data.status).toBe('valid');
    });

    it('revokes with who did it; the applicant is told in their language; verify says revoked with the date only', async () => {
      const application = await approvedApplication('sw');
      const permit = { permit_number: `ZNZ/BP/REV-${kind}-${process.pid}`, valid_from: day(0), valid_until: day(365) };
      const issuedNow = await staff('issue_permit', {
        reference_number: application.reference,
        approved_use: STAFF_USE,
        ...permit,
      });
      expect(issuedNow.status).toBe(200);
      const officer = await addStaff(t, 'officer', { name: 'Officer Rehema' });
      const cookie = await staffSignIn(t, officer);
      const reason = 'Built beyond the approved plot.';
      const res = await staff('revoke_permit', { permit_number: permit.permit_number, reason }, { cookie });
      expect(res.status, JSON.stringify(res)).toBe(200);
      const event = await db()
        .selectFrom('application_event')
        .selectAll()
        .where('application_id', '=', application.id)
        .where('action', '=', 'revoke_permit')
        .executeTakeFirstOrThrow();
      expect(event).toMatchObject({
        by_kind: 'staff',
        by_name: 'Officer Rehema',
        remark: reason,
        status_changed: false,
      });
      const sms = await db()
        .selectFrom('sms_outbox')
        .select('message')
        .where('phone', '=', application.phone)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(sms.message).toContain('kimebatilishwa');
      expect(sms.message).toContain(permit.permit_number);
      expect(sms.message).toContain(reason);
      const notice = await db()
        .selectFrom('notification')
        .select(['kind', 'params'])
        .where('application_id', '=', application.id)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      expect(notice.kind).toBe('permit_revoked');

      const answer = await verify({ permit_number: permit.permit_number, signature: signer.sign(permit) });
      expect(answer.body!.response.data).toMatchObject({ status: 'revoked', revoked_on: todayIso() });
      expect(JSON.stringify(answer.body)).not.toContain(reason);
      expect((await staff('revoke_permit', { permit_number: permit.permit_number, reason })).status).toBe(409);
      // A revoked permit is not printed again, for its owner or for staff.
      expect((await staff('get_permit_document', { permit_number: permit.permit_number })).status).toBe(409);
      const owner = await signIn(t, application.reference, application.phone);
      expect((await dashboardCall(t, 'download_permit', owner, { permit_number: permit.permit_number })).status).toBe(
        409,
      );
      // Nor renewed.
      const application_ = await dashboardCall<{ can_renew: boolean }>(t, 'get_application', owner);
      expect(application_.body!.response.data.can_renew).toBe(false);
      const renew = await dashboardCall(t, 'renew_permit', owner, {
        permit_number: permit.permit_number,
        type_of_work: 'Finishing the roof',
        reason: 'The rains delayed the work.',
      });
      expect(renew.status).toBe(409);
    });
  });
});

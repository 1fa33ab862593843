import { inject, expect, test } from 'vitest';
import { STUDIO_PAGE } from '../../src/shared/api/studio';
import { stepSample } from '../fixtures/step-samples';
import { callApi, draftCookieOf, useBrowser } from './browser';
import { LANGUAGES } from './locales';
import { callFromPage, studioText, unexpected } from './studio-helpers';

/**
 * Issue 18, "safe by construction": the studio is refused to everyone but staff. Scripts in a page of
 * the portal, with no session or with an applicant's own proof (the draft cookie of the applicant's
 * saved draft), call the studio's API: each gets a 401 and nothing of the draft; the /studio page shows
 * the sign-in, in either language. Runs on the e2e run's portal server.
 */

const { newPage } = useBrowser();

/** One of each kind of studio call: reads, a save, the publisher's and the admin's. */
const CALLS: [string, unknown][] = [
  ['get_draft', {}],
  ['diff', {}],
  ['history', {}],
  ['export_texts', {}],
  [
    'save_question',
    {
      step: 'personal',
      name: 'intruder',
      base: 0,
      question: {
        name: 'intruder',
        type: 'text',
        label: { en: 'x', sw: 'x' },
        help: { en: '', sw: '' },
        required: true,
      },
    },
  ],
  ['publish', { revision: 0, summary: 'not staff' }],
  ['rollback', { version: 1, summary: 'not staff' }],
  ['audit', {}],
];

test('no session, or an applicant’s: every studio call is refused (401, not stored), and /studio shows the sign-in', async () => {
  // An applicant with a saved draft: the portal gave them its cookie, which their browser holds.
  const saved = await callApi<{ reference_number: string }>('/application/save_and_continue', {
    application_type: 'repair',
    step_number: 1,
    data: { ...stepSample('personal ok (passport)'), phone: '0777299001' },
  });
  const draftCookie = draftCookieOf(saved.reference_number)!;
  expect(draftCookie).toBeDefined();

  for (const [who, lng] of [
    ['nobody', LANGUAGES[0]!],
    ['applicant', LANGUAGES[1]!],
  ] as const) {
    const { page, context, errors } = await newPage({ language: lng });
    if (who === 'applicant') await context.addCookies([{ ...draftCookie, url: inject('baseUrl') }]);
    const res = await page.goto(STUDIO_PAGE);
    expect(res?.headers()['cache-control'], 'the studio page is never cached').toContain('no-store');
    await page.getByRole('heading', { level: 1, name: studioText(lng, 'sign_in.title') }).waitFor();
    await page.getByRole('textbox', { name: studioText(lng, 'sign_in.login') }).waitFor();
    for (const [call, body] of CALLS) {
      const answer = await callFromPage(page, call, body);
      expect(answer, `${who}: ${call}`).toMatchObject({ status: 401, code: 401 });
      expect(answer.cacheControl, `${who}: ${call}`).toContain('no-store');
    }
    // The 401s the script provoked are the only errors of the page.
    expect(unexpected(errors).filter((e) => !/status of 401/.test(e))).toEqual([]);
  }
  // Nothing the attempts sent reached the forms: the portal still serves its first version's personal step.
  const forms = await callApi<{ steps: Record<string, { schema: { properties: object } }> }>('/forms/get_forms');
  expect(Object.keys(forms.steps.personal!.schema.properties)).not.toContain('intruder');
});

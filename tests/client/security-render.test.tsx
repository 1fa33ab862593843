import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setValidatorFactory } from '../../src/client/forms/validator-source';
import type { WizardState } from '../../src/client/features/wizard/wizard-slice';
import { makeHandlers } from '../../src/client/mocks/handlers';
import type { DashboardApplication } from '../../src/shared/dashboard';
import type { JsonSchema } from '../../src/shared/forms';
import { SCRIPT_AND_SQL } from '../security/payloads';
import { stepSamples as samples } from '../fixtures/step-samples';
import { demo, signedInUser } from './dashboard-fixtures';
import { server } from './msw-server';
import { renderApp } from './render';
import { formsHandlers, runtimeValidator, servedForms, wt } from './wizard-forms';
import { renderWizard } from './wizard-render';
import { getAttachments, getDashboardApplication, getNotifications } from '../../src/shared/api/dashboard';
import { getInvoices } from '../../src/shared/api/payments';
import { answerFor, mockCall } from '../../src/client/mocks/mock-call';

// Script and SQL payloads typed into every text field (found from the served step schemas) and
// written by staff (history remarks, notifications, document remarks, invoice descriptions) are shown
// by the wizard's review and by every dashboard page as text: the very characters, and no element,
// attribute or script made of them. (The server keeps them as typed: tests/security/script-and-sql.test.ts.)

const forms = servedForms();
type Schema = JsonSchema & {
  type?: string;
  enum?: unknown[];
  oneOf?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: { then?: Schema; else?: Schema }[];
};
const NOT_TYPED = new Set(['validation_token']);
const isFreeText = (s: Schema | undefined) =>
  !!s && s.type === 'string' && !s.enum && !s.oneOf && s.const === undefined && !s.pattern && !s.format;
const propertySchema = (schema: Schema | undefined, key: string): Schema | undefined =>
  schema?.properties?.[key] ??
  schema?.allOf?.flatMap((a) => [a.then, a.else]).find((s) => s?.properties?.[key])?.properties?.[key];

/** Answers with every free-text answer (and every optional free-text field of the step) set to `payload`. */
function poison(value: unknown, schema: Schema | undefined, payload: string): unknown {
  if (Array.isArray(value)) return value.map((v) => poison(v, schema?.items, payload));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      out[key] = NOT_TYPED.has(key) ? v : poison(v, propertySchema(schema, key), payload);
    }
    for (const [key, s] of Object.entries(schema?.properties ?? {})) {
      if (!(key in out) && !NOT_TYPED.has(key) && isFreeText(s)) out[key] = payload;
    }
    return out;
  }
  return typeof value === 'string' && isFreeText(schema) ? payload : value;
}

const validSamples = Object.values(samples as Record<string, { step: string; valid: boolean; data: object }>).filter(
  (s) => s.valid,
);
/** A valid sample answer of each step, poisoned. */
function poisonedAnswers(payload: string): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const sample of validSamples) {
    out[sample.step] ??= poison(structuredClone(sample.data), forms.steps[sample.step]?.schema, payload) as Record<
      string,
      unknown
    >;
  }
  return out;
}

/** Nothing made of the payload: no image, no handler attribute, no script, no alert; the characters as text. */
function expectShownAsText(payload: string, alert: ReturnType<typeof vi.fn>, minimum: number) {
  expect(document.querySelector('img[src="x"], img[src=x]')).toBeNull();
  expect(document.querySelector('[onerror], [onload], [onclick]')).toBeNull();
  expect([...document.querySelectorAll('script')].filter((s) => s.textContent?.includes('alert'))).toEqual([]);
  expect(alert).not.toHaveBeenCalled();
  // Leaf elements holding the characters (alone, or inside a text such as "Remark: …").
  const shown = screen.queryAllByText(
    (_content, element) => !!element?.textContent?.includes(payload) && element.children.length === 0,
  );
  // Counted by occurrence: a sentence (a floor's rooms, say) may hold several answers.
  const occurrences = shown.reduce((sum, element) => sum + element.textContent.split(payload).length - 1, 0);
  expect(occurrences).toBeGreaterThanOrEqual(minimum);
}

let alert: ReturnType<typeof vi.fn>;
beforeEach(() => {
  alert = vi.fn();
  vi.stubGlobal('alert', alert);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe.each(SCRIPT_AND_SQL.map((p) => [p]))('%s', (payload) => {
  describe("the wizard's review", () => {
    beforeAll(() => setValidatorFactory(runtimeValidator));
    afterAll(() => setValidatorFactory());
    beforeEach(() => server.use(...formsHandlers(forms)));

    it.each(['new', 'repair', 'special'] as const)('of a %s application shows every answer as text', async (type) => {
      const answers = poisonedAnswers(payload);
      const steps = forms.flows[type];
      const wizard: Partial<WizardState> = {
        type,
        answers: Object.fromEntries(steps.map((step) => [step, answers[step] ?? {}])),
        saved: [...steps],
        current: 'review',
        referenceNumber: 'ABCDE-FGHJK',
        engineer: {
          details: {
            // The engineer the answers name: the review shows a confirmed name only beside its own number.
            registration_number: String(answers.engineer?.engineer_id ?? 'ZEB/0001'),
            name: payload,
            experience_years: 12,
            email: 's@x.tz',
            mobile: '+255777000001',
          },
          token: 'proof-token',
        },
      };
      const path = { new: '/home/new', repair: '/home/maintenance', special: '/home/no_drawings' }[type];
      renderWizard(path, { wizard });
      await screen.findByRole('heading', { level: 2, name: wt('en')('wizard.review.title') });
      // Every poisoned answer of the flow's steps (and the engineer's name) is on the page.
      const typed = JSON.stringify(wizard.answers).split(JSON.stringify(payload).slice(1, -1)).length - 1;
      expectShownAsText(payload, alert, typed + (steps.includes('engineer') ? 1 : 0));
    });
  });

  describe('the dashboard', () => {
    beforeEach(() => {
      server.use(...makeHandlers({ delayMs: 0 }));
      const answers = poisonedAnswers(payload);
      const application: DashboardApplication = {
        ...demo.application,
        personal: answers.personal!,
        answers: { ...demo.application.answers, ...answers },
        history: demo.application.history.map((event) => ({ ...event, remark: payload })),
        engineer: { ...demo.application.engineer!, name: payload },
      };
      server.use(
        mockCall(getDashboardApplication, () => answerFor(getDashboardApplication, application)),
        mockCall(getAttachments, () =>
          answerFor(
            getAttachments,
            demo.attachments.map((a) => ({ ...a, remark: payload })),
          ),
        ),
        mockCall(getInvoices, () =>
          answerFor(
            getInvoices,
            demo.invoices.map((i) => ({ ...i, description: payload })),
          ),
        ),
        mockCall(getNotifications, () =>
          answerFor(
            getNotifications,
            demo.notifications.map((n) => ({ ...n, title: payload, message: payload, remark: payload })),
          ),
        ),
      );
    });

    it.each([
      ['application', 2],
      ['construction', 3],
      ['attachments', 2],
      ['invoices', 2],
      ['notifications', 3],
    ])('tab %s shows what applicants and staff wrote as text', async (tab, minimum) => {
      renderApp(`/dashboard/application?tab=${tab}`, { user: signedInUser });
      await within(await screen.findByRole('tabpanel')).findAllByText(
        (_content, element) => element?.textContent === payload && element.children.length === 0,
      );
      expectShownAsText(payload, alert, minimum);
    });

    it('the profile shows the personal answers as text', async () => {
      renderApp('/dashboard/profile', { user: { ...signedInUser, first_name: payload, last_name: payload } });
      await screen.findAllByText(
        (_content, element) => element?.textContent === payload && element.children.length === 0,
      );
      expectShownAsText(payload, alert, 2);
    });
  });
});

import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCall } from '../../src/shared/api/call';
import { createTestApp, type TestApp } from './helpers';

/**
 * One wire contract (issue 20, item 1): every API route is built from a call defined once in
 * src/shared/api/ (contractRoute): its path, method and body schema are that call's, and its answer is
 * documented and checked by the call's answer schema. The client's endpoints and the mock are held to
 * the same definitions by tests/client/api-contract.test.ts.
 */

const modules = import.meta.glob<Record<string, unknown>>('../../src/shared/api/*.ts', { eager: true });
const isCall = (value: unknown): value is ApiCall =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ApiCall).path === 'string' &&
  (value as ApiCall).path.startsWith('/api/') &&
  typeof (value as ApiCall).method === 'string' &&
  typeof (value as ApiCall).answer === 'object';
const sharedCalls = Object.values(modules).flatMap((exports) => Object.values(exports).filter(isCall));

/**
 * Not calls of the contract: the OpenAPI document and its page (development), served by their plugins,
 * and a step's compiled validator, a script the browser imports (not an envelope).
 */
const NOT_CALLS = [/^\/api\/openapi\.json$/, /^\/api\/docs(\/|$)/, /^\/api\/forms\/validators\//];

/** Routes not yet built from a shared call: this list only shrinks. */
const NOT_YET: string[] = [
  '/api/captcha/new',
  '/api/splash/get_splash',
  '/api/sms/inbound',
  '/api/engineer/send_otp',
  '/api/engineer/validate_otp',
  '/api/engineer/get_engineers',
  '/api/dev/outbox',
  '/api/dev/pay_simulated',
  '/api/dev/payment_gateway',
  '/api/dev/payments_run',
  '/api/staff/session/sign_in',
  '/api/staff/session/verify',
  '/api/staff/session/current',
  '/api/staff/session/sign_out',
  '/api/forms/get_forms',
  '/api/staff/reload_forms',
  '/api/staff/studio/get_draft',
  '/api/staff/studio/save_question',
  '/api/staff/studio/save_step',
  '/api/staff/studio/save_flows',
  '/api/staff/studio/save_document',
  '/api/staff/studio/save_fees',
  '/api/staff/studio/discard_draft',
  '/api/staff/studio/diff',
  '/api/staff/studio/publish',
  '/api/staff/studio/rollback',
  '/api/staff/studio/history',
  '/api/staff/studio/export_texts',
  '/api/staff/studio/import_texts',
  '/api/staff/studio/audit',
  '/api/application/open_draft',
  '/api/application/estimate_fee',
  '/api/application/continue_application',
  '/api/application/verify_code',
  '/api/application/submit_application',
  '/api/application/get_application',
  '/api/application/logout',
  '/api/application/find_reference',
  '/api/application/verify_find_code',
  '/api/application/verify_zanid',
  '/api/payments/notice',
  '/api/payments/control_number',
  '/api/attachment/upload',
  '/api/application/withdraw_draft',
  '/api/permits/verify',
  '/api/dashboard/download_permit',
  '/api/staff/list_applications',
  '/api/staff/get_application',
  '/api/staff/set_status',
  '/api/staff/add_invoice',
  '/api/staff/mark_invoice_paid',
  '/api/staff/get_receipt',
  '/api/staff/issue_permit',
  '/api/staff/revoke_permit',
  '/api/staff/get_permit_document',
  '/api/staff/add_notification',
  '/api/staff/update_attachment',
  '/api/staff/list_messages',
  '/api/staff/answer_message',
  '/api/staff/list_renewals',
  '/api/staff/return_for_changes',
  '/api/staff/extend_changes',
  '/api/staff/withdraw_overdue',
  '/api/staff/list_overdue_changes',
  '/api/staff/list_holidays',
  '/api/staff/add_holiday',
  '/api/staff/remove_holiday',
  '/api/dashboard/keep_alive',
  '/api/dashboard/get_application',
  '/api/dashboard/get_applications',
  '/api/dashboard/get_attachments',
  '/api/dashboard/get_invoices',
  '/api/dashboard/get_notifications',
  '/api/dashboard/read_notifications',
  '/api/dashboard/get_permits',
  '/api/dashboard/get_messages',
  '/api/dashboard/open_application',
  '/api/dashboard/download_attachment',
  '/api/dashboard/renew_permit',
  '/api/dashboard/send_message',
  '/api/dashboard/download_receipt',
  '/api/dashboard/withdraw_application',
  '/api/dashboard/get_change_requests',
  '/api/dashboard/save_change_step',
  '/api/dashboard/resubmit_changes',
];

describe('the API contract', () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      { DEV_TOOLS: true, STAFF_API_TOKEN: 'x'.repeat(40), SMS_INBOUND_TOKEN: 'y'.repeat(40) },
      { onRoute: (route) => routes.push(route) },
    );
    await t.app.ready();
  });
  afterAll(() => t?.close());

  const apiRoutes = () =>
    routes.filter(
      (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !NOT_CALLS.some((pattern) => pattern.test(r.url)),
    );

  it('builds every API route from a shared call: its path, method and body schema', () => {
    expect(apiRoutes().length).toBeGreaterThan(40);
    const offenders: string[] = [];
    for (const route of apiRoutes()) {
      const call = route.config?.call;
      if (!call) {
        if (!NOT_YET.includes(route.url)) offenders.push(`${route.url}: not built from a shared call`);
        continue;
      }
      expect(sharedCalls, `${route.url}: its call is not exported from src/shared/api/`).toContain(call);
      expect(route.url).toBe(call.path);
      expect(route.method).toBe(call.method);
      const schema = route.schema as { body?: unknown; response?: Record<string, unknown> };
      // A multipart call's body is checked by the upload's parser: its schema only documents the fields.
      if (!call.multipart) expect(schema.body, `${route.url}: its body schema`).toBe(call.body);
      expect(schema.response?.['200'], `${route.url}: no answer schema`).toBeDefined();
    }
    expect(offenders).toEqual([]);
  });

  it('lists no route as not yet built from a shared call when it is', () => {
    const built = apiRoutes()
      .filter((r) => r.config?.call)
      .map((r) => r.url);
    expect(NOT_YET.filter((url) => built.includes(url))).toEqual([]);
    expect(NOT_YET.filter((url) => !apiRoutes().some((r) => r.url === url))).toEqual([]);
  });

  it('has a route for every shared call', () => {
    const served = new Set(apiRoutes().map((r) => `${r.method as string} ${r.url}`));
    expect(sharedCalls.filter((call) => !served.has(`${call.method} ${call.path}`)).map((c) => c.path)).toEqual([]);
  });

  it('answers 500, not a wrong answer, when an answer does not match its schema (outside production)', async () => {
    const { contractRoute } = await import('../../src/server/http/contract-route');
    const probe = await createTestApp();
    try {
      const call = {
        path: '/api/test/probe',
        method: 'POST',
        answer: {
          type: 'object',
          additionalProperties: false,
          required: ['n'],
          properties: { n: { type: 'integer' } },
        },
      } as const;
      contractRoute(probe.app, call, { summary: 'probe' }, async (_request, res) =>
        res.code(200).send({ response: { code: 200, message: 'OK', data: { n: 'one', extra: true } } }),
      );
      const answer = await probe.app.inject({ method: 'POST', url: call.path, payload: {} });
      expect(answer.statusCode).toBe(500);
      expect(answer.body).not.toContain('extra');
    } finally {
      await probe.close();
    }
  });
});

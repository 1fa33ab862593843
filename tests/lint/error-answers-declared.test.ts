import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApiCall, ApiErrorAnswer } from '../../src/shared/api/call';
import { anyCallErrors } from '../../src/shared/api/errors';
import { staffErrors } from '../../src/shared/api/staff-errors';
import { sharedCalls as calls } from '../support/shared-calls';

// Every refusal the server writes is in the contract (issue 32, item 1): each `new ApiError(status,
// 'key', …)` in src/server is an error answer some call declares, or one any call may give. Outside
// production the server answers 500 for one its call does not declare (src/server/http/contract-route.ts),
// which the API and browser tests meet where they reach it; this finds the ones no test reaches.

const root = path.resolve(import.meta.dirname, '../..');

/** The refusals of the staff's command line (src/server/staff-accounts/staff-users-cli.ts), never an HTTP answer. */
const COMMAND_LINE_ONLY = /^staff_accounts\./;

/** Refusals written in src/server that no call answers, each with why. */
const NOT_ANSWERS = [
  // The SMS gateway's refusal: the SMS queue takes it as "send again later"; no caller is told.
  'sms/http-sms-sender.ts: 503 sms_unavailable',
  // A step's validator script (GET /api/forms/validators/…): a script, not a call of the contract.
  'forms/validator-routes.ts: 404 not_found',
];

/** Each `new ApiError(<status>, '<key>'` of a source text, as `<status> <key>` (the call may span lines). */
export function thrownRefusals(source: string): string[] {
  return [...source.matchAll(/new ApiError\(\s*(\d{3}),\s*'([a-z_.]+)'/g)].map(([, status, key]) => `${status} ${key}`);
}

/** The refusals of `thrown` that no call in `calls` nor `common` declares. */
export function undeclared(thrown: string[], calls: ApiCall[], common: readonly ApiErrorAnswer[]): string[] {
  const declared = new Set(
    [...calls.flatMap((call) => call.errors ?? []), ...common].map((error) => `${error.status} ${error.code}`),
  );
  return thrown.filter((refusal) => !declared.has(refusal) && !COMMAND_LINE_ONLY.test(refusal.split(' ')[1]!));
}

describe('every refusal the server writes is declared in the contract', () => {
  it('finds a planted refusal no call declares, across lines too, and passes a declared one', () => {
    const planted = "throw new ApiError(409, 'made_up_refusal');\nthrow new ApiError(\n  404,\n  'also_made_up',\n);";
    expect(thrownRefusals(planted)).toEqual(['409 made_up_refusal', '404 also_made_up']);
    expect(undeclared(thrownRefusals(planted), calls, anyCallErrors)).toEqual([
      '409 made_up_refusal',
      '404 also_made_up',
    ]);
    // Declared by a call (the staff's session refusals), by every call, and of the command line only.
    const declared =
      "new ApiError(401, 'staff_not_signed_in'); new ApiError(413, 'too_large'); new ApiError(409, 'staff_accounts.login_taken')";
    expect(staffErrors.map((error) => error.code)).toContain('staff_not_signed_in');
    expect(undeclared(thrownRefusals(declared), calls, anyCallErrors)).toEqual([]);
    // The same key of another status is another answer.
    expect(undeclared(thrownRefusals("new ApiError(418, 'too_large')"), calls, anyCallErrors)).toEqual([
      '418 too_large',
    ]);
  });

  it('in src/server', () => {
    const files = readdirSync(path.join(root, 'src/server'), { recursive: true, encoding: 'utf8' }).filter((name) =>
      name.endsWith('.ts'),
    );
    const found = files.flatMap((name) =>
      undeclared(thrownRefusals(readFileSync(path.join(root, 'src/server', name), 'utf8')), calls, anyCallErrors).map(
        (refusal) => `${name.split(path.sep).join('/')}: ${refusal}`,
      ),
    );
    expect(found.filter((refusal) => !NOT_ANSWERS.includes(refusal))).toEqual([]);
    expect(files.length).toBeGreaterThan(100);
  });
});

import type Ajv from 'ajv';
import { createAjv } from '../../shared/forms';
import { linearRegExp, type LinearRegExp } from '../../shared/linear-regexp';

/**
 * The pattern engine of every validator the server runs on answers: RE2, linear in the answer. The
 * checker refuses at publish a pattern RE2 cannot compile; a version published before it did may
 * still hold one, and it then matches nothing: that field refuses every answer as not in the expected
 * format (the server stays up; publish a fix).
 */
function serverRegExp(pattern: string): LinearRegExp {
  try {
    return linearRegExp(pattern);
  } catch {
    return { test: () => false, toString: () => `/${pattern}/none` };
  }
}
serverRegExp.code = linearRegExp.code;

/**
 * ajv as the server validates answers with it (the same options as the browser's, src/shared/forms.ts),
 * its patterns on RE2. The browser's precompiled validators are ajv's standalone code from another
 * instance (src/server/forms/validator-routes.ts), with the browser's own RegExp.
 */
export function createServerAjv(): Ajv {
  return createAjv({ code: { regExp: serverRegExp } });
}

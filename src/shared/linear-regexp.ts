import { RE2JS } from 're2js';

/** What ajv asks of a pattern engine: test, and a toString that tells two patterns apart. */
export interface LinearRegExp {
  test: (text: string) => boolean;
  toString: () => string;
}

/**
 * A schema's "pattern" as the server runs it: on RE2 (re2js, pure JavaScript), whose time is linear
 * in the text, never on a backtracking engine, where one answer of 31 characters can hold a server for
 * seconds (`^([a-zA-Z0-9]+\s?)+$`). RE2 has no backreferences and no lookarounds: the forms checker
 * refuses a pattern RE2 cannot compile (linearPatternProblem), so a published one always runs here.
 * The browser keeps its own RegExp in the precompiled validators: a slow pattern there stalls only the
 * applicant's own page, and the answer is bounded by the field's maxLength.
 */
export function linearRegExp(pattern: string): LinearRegExp {
  // JavaScript's escapes (\uXXXX, \/) said as RE2 says them; `u` is RE2's own reading of a pattern.
  const compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
  // ajv keeps one engine per pattern, by its toString (as a RegExp's is /pattern/u).
  return { test: (text) => compiled.test(text), toString: () => `/${pattern}/re2` };
}
// ajv names the engine in standalone code by `code`: the server never generates standalone code with it
// (src/server/forms/validator-routes.ts compiles the browser's validators with RegExp).
linearRegExp.code = 'linearRegExp';

/** Why RE2 cannot run `pattern` (a backreference, a lookaround, a repeat over 1000, …), or undefined when it can. */
export function linearPatternProblem(pattern: string): string | undefined {
  try {
    linearRegExp(pattern);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

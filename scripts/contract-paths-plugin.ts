import MagicString from 'magic-string';
import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';

/**
 * The client needs a shared call's path and method, never its schemas: the server validates bodies and
 * the tests check answers (src/shared/api/call.ts). So in the browser's build the `body`, `answer` and
 * `errors` of every `apiCall({ … })` in src/shared/api/ become `undefined`, and the schemas they alone used are
 * left out of the bundle (the splash answer's schema alone is a kilobyte of gzip on the landing page).
 * The types are untouched: they come from the source.
 */
export function contractPathsOnly(code: string, file: string): string | undefined {
  if (!code.includes('apiCall(')) return undefined;
  const out = new MagicString(code);
  let changed = false;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const n = node as Record<string, unknown> & { type?: string };
    if (n.type === 'CallExpression') {
      const callee = n.callee as { type: string; name?: string };
      if (callee.type === 'Identifier' && callee.name === 'apiCall') {
        let argument = (n.arguments as Record<string, unknown>[])[0];
        while (argument && (argument.type === 'TSAsExpression' || argument.type === 'TSSatisfiesExpression'))
          argument = argument.expression as Record<string, unknown>;
        if (argument?.type !== 'ObjectExpression') throw new Error(`${file}: apiCall takes an object literal`);
        for (const property of argument.properties as Record<string, unknown>[]) {
          const key = property.key as { type: string; name?: string } | undefined;
          if (property.type !== 'Property' || key?.type !== 'Identifier') continue;
          if (key.name !== 'body' && key.name !== 'answer' && key.name !== 'errors') continue;
          const { start, end } = property as { start: number; end: number };
          out.overwrite(start, end, `${key.name}: undefined`);
          changed = true;
        }
      }
    }
    for (const [name, value] of Object.entries(n)) if (name !== 'type') visit(value);
  };
  visit(parseAst(code, { lang: 'ts' }, file));
  return changed ? out.toString() : undefined;
}

/** The plugin of the client's builds (not the landing page's server render, which is Node's). */
export function contractPathsPlugin(): Plugin {
  return {
    name: 'kibali-contract-paths-only',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!.split('\\').join('/');
      if (!/\/src\/shared\/api\/[^/]+\.ts$/.test(file)) return null;
      const stripped = contractPathsOnly(code, file);
      return stripped === undefined ? null : { code: stripped, map: null };
    },
  };
}

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Where the server names a message of its catalogue (locales/<lng>/api.json) and what values it gives
 * it, read from the code with TypeScript's type checker: every string literal that names a key whose
 * text has placeholders, and the values beside it (the other arguments of its call, or the other
 * properties of its object, as their types say), as dotted paths.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface CallSite {
  where: string;
  key: string;
  /** The placeholders the key's texts (both languages) use that the values beside it do not hold. */
  missing: string[];
  /** A value typed as a record of any keys: what it holds is known only when it runs. */
  open: boolean;
}

type Catalogue = Map<string, Set<string>>;

function flatten(value: unknown, prefix: string, into: Map<string, string>): void {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, into);
  }
}

/** Every key (plural forms under their base key) with the placeholders of its texts in every language. */
export function placeholdersByKey(languages: readonly string[], namespace = 'api'): Catalogue {
  const catalogue: Catalogue = new Map();
  for (const language of languages) {
    const texts = new Map<string, string>();
    flatten(JSON.parse(readFileSync(path.join(ROOT, 'locales', language, `${namespace}.json`), 'utf8')), '', texts);
    for (const [key, text] of texts) {
      const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
      const names = catalogue.get(base) ?? new Set<string>();
      for (const match of text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)) names.add(match[1]!);
      catalogue.set(base, names);
    }
  }
  return catalogue;
}

function serverFiles(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) serverFiles(file, into);
    else if (file.endsWith('.ts')) into.push(file);
  }
  return into;
}

/** The dotted paths a value of `type` holds (three levels deep); `open` when any level takes any key. */
function pathsOf(
  checker: ts.TypeChecker,
  type: ts.Type,
  prefix: string,
  depth: number,
  out: { paths: Set<string>; open: boolean },
) {
  if (depth > 3) return;
  for (const part of type.isUnion() ? type.types : [type]) {
    if (part.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) {
      out.open = true;
      continue;
    }
    if (!(part.flags & ts.TypeFlags.Object)) continue;
    if (checker.getIndexInfosOfType(part).length > 0) out.open = true;
    for (const property of checker.getPropertiesOfType(part)) {
      const name = prefix ? `${prefix}.${property.name}` : property.name;
      out.paths.add(name);
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      if (!declaration) continue;
      pathsOf(checker, checker.getTypeOfSymbolAtLocation(property, declaration), name, depth + 1, out);
    }
  }
}

/**
 * Parameters and properties that take a message's key; `code`: a studio question problem's (its key is
 * `studio_question_<code>`); `kind` typed NoticeKind: a notice's (`notices.<kind>.title` and `.message`).
 */
const KEY_NAMES = new Set(['key', 'messageKey', 'code', 'kind']);

/**
 * The expressions whose values go with a literal given as a message's key: the other arguments of its
 * call (when the parameter it is given to is a key's), or the other properties of its object (when its
 * property is a key's). Undefined for a literal anywhere else (a status, a column's name).
 */
function valuesBeside(
  checker: ts.TypeChecker,
  literal: ts.Node,
): { values: ts.Expression[]; notice: boolean } | undefined {
  // (a literal, or an expression whose type is a union of literals)
  let node: ts.Node = literal;
  // Through `a ? 'x' : 'y'`, `'x' as const`, parentheses.
  while (
    ts.isConditionalExpression(node.parent) ||
    ts.isAsExpression(node.parent) ||
    ts.isParenthesizedExpression(node.parent)
  ) {
    node = node.parent;
  }
  const parent = node.parent;
  if (
    (ts.isCallExpression(parent) || ts.isNewExpression(parent)) &&
    parent.arguments?.includes(node as ts.Expression)
  ) {
    const index = parent.arguments.indexOf(node as ts.Expression);
    const signature = checker.getResolvedSignature(parent);
    const parameter = signature?.parameters[Math.min(index, (signature?.parameters.length ?? 1) - 1)];
    if (!parameter || !KEY_NAMES.has(parameter.name)) return undefined;
    const declaration = parameter.valueDeclaration;
    const typeName = declaration && ts.isParameter(declaration) ? declaration.type?.getText() : undefined;
    const notice = parameter.name === 'kind' && typeName === 'NoticeKind';
    if (parameter.name === 'kind' && !notice) return undefined;
    return { values: parent.arguments.filter((argument) => argument !== node), notice };
  }
  // A notice given as `{ kind, params }` (a status move's): `kind` typed NoticeKind.
  const noticeProperty =
    ts.isPropertyAssignment(parent) &&
    ts.isIdentifier(parent.name) &&
    parent.name.text === 'kind' &&
    checker.getContextualType(parent.initializer)?.aliasSymbol?.name === 'NoticeKind';
  if (
    ts.isPropertyAssignment(parent) &&
    parent.initializer === node &&
    ts.isIdentifier(parent.name) &&
    (['key', 'messageKey'].includes(parent.name.text) || noticeProperty) &&
    ts.isObjectLiteralExpression(parent.parent)
  ) {
    const values = parent.parent.properties.flatMap((p) =>
      p === parent
        ? []
        : ts.isPropertyAssignment(p)
          ? [p.initializer]
          : ts.isShorthandPropertyAssignment(p)
            ? [p.name]
            : [],
    );
    return { values, notice: noticeProperty };
  }
  return undefined;
}

/** Whether `argument` is given to a parameter named `error` (an error answer of the contract). */
function errorParameter(checker: ts.TypeChecker, call: ts.CallExpression | ts.NewExpression, argument: ts.Expression) {
  // apiError({ status, code, data }) defines one: the data comes where it is used.
  if (ts.isObjectLiteralExpression(argument) || ts.isAsExpression(argument)) return false;
  const index = call.arguments?.indexOf(argument) ?? -1;
  const parameter = checker.getResolvedSignature(call)?.parameters[index];
  return parameter?.name === 'error';
}

/** The values given with an error answer of the contract: the other arguments (its data, its params). */
function errorBeside(call: ts.CallExpression | ts.NewExpression, argument: ts.Expression) {
  return { values: (call.arguments ?? []).filter((other) => other !== argument), notice: false };
}

/**
 * The catalogue's keys a literal may name: itself, and the keys it ends after a dot (its caller adds a
 * prefix such as `back_office.fields.`), else after an underscore (`studio_question_`). Which prefix
 * is not read from the code: a site passes when one of them has every placeholder filled.
 */
function keysNamed(text: string, catalogue: Catalogue): string[] {
  const keys = [...catalogue.keys()];
  const exact = catalogue.has(text) ? [text] : [];
  const afterDot = keys.filter((key) => key.endsWith(`.${text}`));
  if (exact.length + afterDot.length > 0) return [...exact, ...afterDot];
  return keys.filter((key) => key.endsWith(`_${text}`));
}

/** Values the code that renders a family of keys adds to what its callers give. */
const ADDED_BY_RENDERER: [RegExp, string[]][] = [
  // notifier.ts noticeText: the application's reference number is never stored with a notice.
  [/^notices\./, ['reference_number']],
];

export function messageCallSites(catalogue: Catalogue): { sites: CallSite[]; named: Set<string> } {
  const files = [...serverFiles(path.join(ROOT, 'src', 'server')), ...serverFiles(path.join(ROOT, 'src', 'shared'))];
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    resolveJsonModule: true,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const sites: CallSite[] = [];
  const named = new Set<string>();
  for (const file of files) {
    const source = program.getSourceFile(file)!;
    const visit = (node: ts.Node) => {
      // A key computed from a table of literal keys (`TEXT_KEYS[event]`): each of them, with the call's values.
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments) {
        for (const argument of node.arguments) {
          if (ts.isStringLiteralLike(argument)) continue;
          const argumentType = checker.getTypeAtLocation(argument);
          // An error answer of the contract (errorAnswer(validationFailed, data), src/server/http/contract-error.ts): its `code`.
          const errorCode = argumentType.getProperty('code');
          const type =
            errorCode && errorParameter(checker, node, argument)
              ? checker.getTypeOfSymbolAtLocation(errorCode, argument)
              : argumentType;
          const literals = (type.isUnion() ? type.types : [type]).filter((t) => t.isStringLiteral());
          if (literals.length === 0) continue;
          const beside = type === argumentType ? valuesBeside(checker, argument) : errorBeside(node, argument);
          if (!beside || beside.notice) continue;
          const values = { paths: new Set<string>(), open: false };
          for (const expression of beside.values)
            pathsOf(checker, checker.getTypeAtLocation(expression), '', 0, values);
          const { line } = source.getLineAndCharacterOfPosition(argument.getStart());
          for (const literal of literals) {
            if (!catalogue.has(literal.value)) continue;
            named.add(literal.value);
            const missing = [...catalogue.get(literal.value)!].filter((name) => !values.paths.has(name));
            sites.push({
              where: `${path.relative(ROOT, file)}:${line + 1}`,
              key: literal.value,
              missing,
              open: values.open,
            });
          }
        }
      }
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        const candidates = keysNamed(node.text, catalogue);
        const beside =
          candidates.length > 0 || catalogue.has(`notices.${node.text}.message`)
            ? valuesBeside(checker, node)
            : undefined;
        if (beside) {
          const values = { paths: new Set<string>(), open: false };
          for (const expression of beside.values)
            pathsOf(checker, checker.getTypeAtLocation(expression), '', 0, values);
          const { line } = source.getLineAndCharacterOfPosition(node.getStart());
          const where = `${path.relative(ROOT, file)}:${line + 1}`;
          const missingOf = (key: string) => {
            const added = ADDED_BY_RENDERER.flatMap(([family, names]) => (family.test(key) ? names : []));
            return [...catalogue.get(key)!].filter((name) => !values.paths.has(name) && !added.includes(name));
          };
          // A notice's two texts are both sent; a key among several candidates is one of them.
          const keys = beside.notice ? [`notices.${node.text}.title`, `notices.${node.text}.message`] : candidates;
          const checked = keys.filter((key) => catalogue.has(key)).map((key) => ({ key, missing: missingOf(key) }));
          for (const { key } of checked) named.add(key);
          if (beside.notice) for (const site of checked) sites.push({ where, ...site, open: values.open });
          else {
            const best = checked.sort((a, b) => a.missing.length - b.missing.length)[0];
            if (best) sites.push({ where, ...best, open: values.open });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { sites, named };
}

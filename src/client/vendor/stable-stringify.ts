/**
 * Stands in for fast-json-stable-stringify in the browser's build (vite.config.ts): the same text for
 * the same JSON (keys sorted, what JSON leaves out left out, numbers that are not finite as null), in a
 * few lines for what the client gives it: a step's schema, whose hash names its validator's URL
 * (src/shared/validator-url.ts), which the server computes with the package itself.
 */
export default function stableStringify(node: unknown): string | undefined {
  const value = (node as { toJSON?: () => unknown } | null)?.toJSON;
  if (typeof value === 'function') node = value.call(node);
  if (node === undefined) return undefined;
  if (typeof node === 'number') return isFinite(node) ? `${node}` : 'null';
  if (typeof node !== 'object' || node === null) return JSON.stringify(node);
  if (Array.isArray(node)) return `[${node.map((item) => stableStringify(item) || 'null').join(',')}]`;
  const record = node as Record<string, unknown>;
  const fields: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const text = stableStringify(record[key]);
    if (text) fields.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${fields.join(',')}}`;
}

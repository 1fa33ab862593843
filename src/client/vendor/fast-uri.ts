/**
 * Stands in for `fast-uri` (vite.config.ts aliases it here, for the client only). RJSF's utilities
 * import it for two calls when they resolve `$ref`s against `$id`s (JSON Schema 2020-12 bundles); our
 * forms are draft-07 without either, and the library is ~8 KiB of gzip on the wizard's first step. The
 * browser's URL does both calls for absolute URIs; anything else is compared and kept as written.
 */
function normalize(uri: string): string {
  try {
    return new URL(uri).href;
  } catch {
    return uri;
  }
}

function resolve(base: string, ref: string): string {
  try {
    return new URL(ref, base).href;
  } catch {
    return ref;
  }
}

function equal(a: string, b: string): boolean {
  return normalize(a) === normalize(b);
}

export default { resolve, equal };

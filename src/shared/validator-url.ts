import stableStringify from 'fast-json-stable-stringify';

/**
 * Where a step's precompiled validator is served: `version` is the forms' version and the hash of the
 * step's schema as served (validatorVersion, client and server alike), so a changed form is a new URL.
 * A module of its own: the client imports it without shared/forms.ts, which brings ajv's compiler.
 */
export function validatorUrl(step: string, version: string): string {
  return `/api/forms/validators/${encodeURIComponent(step)}.js?v=${encodeURIComponent(version)}`;
}

/**
 * The version a step's validator module is asked for with (the server answers it for good): the forms'
 * version and a hash of the step's schema as served (bound to the current reference ids, which change
 * without a new forms version). The server and the browser compute it alike from the same schema.
 */
export function validatorVersion(formsVersion: string, schema: unknown): string {
  return `${formsVersion}.${fnv1a(stableStringify(schema))}`;
}

/** FNV-1a, 32 bits, in hex: a short name for a text, not a secret. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16);
}

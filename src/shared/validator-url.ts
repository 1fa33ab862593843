/**
 * Where a step's precompiled validator is served: `version` is the forms' version and the hash of the
 * step's schema as served (validatorVersion, client and server alike), so a changed form is a new URL.
 * A module of its own: the client imports it without shared/forms.ts, which brings ajv's compiler.
 */
export function validatorUrl(step: string, version: string): string {
  return `/api/forms/validators/${encodeURIComponent(step)}.js?v=${encodeURIComponent(version)}`;
}

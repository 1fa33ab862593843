/**
 * The applicant's declaration at Submit (issue 17, item 9): "the information I have given is true and
 * complete". Every call that submits (save_final, request_maintainence, request_noDrawings,
 * submit_application) carries it as `declaration: true`; without it the server answers 422
 * `declaration_required` with a field error on `/declaration` and changes nothing.
 */
export const DECLARATION_FIELD = 'declaration';

/** The body property, in every submitting call's JSON Schema (absent or false: refused by the service). */
export const declarationProperty = { type: 'boolean' } as const;

/** What a submitting body adds. */
export interface DeclarationBody {
  declaration?: boolean;
}

/** The history line written (with its time) when a declared application is submitted. */
export const DECLARED_EVENT = 'declared';

/** The path of the field error a missing declaration answers. */
export const DECLARATION_PATH = `/${DECLARATION_FIELD}`;

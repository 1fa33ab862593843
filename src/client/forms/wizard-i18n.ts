/**
 * The wizard's namespaces from the bundle: `common` and `validation` (ajv's messages). The form texts
 * (namespace `forms`) come with each published version of the forms (forms-query.ts `useForms`). The
 * routes that show answers load these with their page (app/routes.tsx); `useTranslation(WIZARD_NAMESPACES)`
 * waits for them should a page render first.
 */
export const WIZARD_NAMESPACES = ['common', 'validation'];

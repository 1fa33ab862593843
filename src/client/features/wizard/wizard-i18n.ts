/**
 * The wizard's namespaces: `common`, `forms` (the schemas' titles, options and help) and `validation`
 * (ajv's messages). The routes that show answers load them with their page (app/routes.tsx), so the
 * landing page carries none of the ~40 KB of form texts; `useTranslation(WIZARD_NAMESPACES)` waits for
 * them should a page render first.
 */
export const WIZARD_NAMESPACES = ['common', 'forms', 'validation'];

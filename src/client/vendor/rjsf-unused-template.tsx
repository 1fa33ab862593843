/**
 * Stands in for @rjsf/mui templates the wizard never renders (vite.config.ts swaps them in for
 * @rjsf/mui only): its ErrorList (StepForm passes showErrorList={false}; ErrorSummary lists the
 * errors) and its TitleField (rjsf-theme.tsx gives its own TitleFieldTemplate). The theme's template
 * list imports every template, used or not; these two bring MUI's List, ListItemText, Paper and
 * Divider onto the wizard's first step. If a form ever reached one, it would render nothing.
 */
export default function UnusedTemplate() {
  return null;
}

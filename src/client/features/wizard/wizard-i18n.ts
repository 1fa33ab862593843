import type { i18n as I18nInstance } from 'i18next';
import enForms from '../../../../locales/en/forms.json';
import enValidation from '../../../../locales/en/validation.json';
import swForms from '../../../../locales/sw/forms.json';
import swValidation from '../../../../locales/sw/validation.json';

/**
 * The wizard's namespaces: `forms` (the schemas' titles, options and help) and `validation` (ajv's
 * messages). Added when the wizard loads rather than in app/i18n.ts, so the landing page does not
 * carry ~40 KB of form texts it never shows.
 */
export const wizardResources = {
  en: { forms: enForms, validation: enValidation },
  sw: { forms: swForms, validation: swValidation },
} as const;

export function addWizardTexts(i18n: I18nInstance): void {
  for (const [lng, namespaces] of Object.entries(wizardResources)) {
    for (const [ns, texts] of Object.entries(namespaces)) {
      if (!i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, texts);
    }
  }
}

import type { AskedForms } from '../../shared/api/change-requests';
import { translationKeys, type FormsDocument } from '../../shared/forms';
import { textOf } from '../../shared/studio/step-texts';
import { LANGUAGES } from '../../shared/reference-data';

/**
 * The asked steps as the application's own forms version has them, for the dashboard's step editor:
 * each step's schema and UI schema, and only the texts they use, in both languages (a few KiB on a
 * phone rather than the whole forms). The editor draws and validates exactly what the server
 * validates the answer against, even when a newer version is served to new applications.
 */
export function askedForms(forms: FormsDocument, steps: readonly string[]): AskedForms {
  const asked = steps.filter((step) => Object.hasOwn(forms.steps, step));
  const keys = new Set(asked.flatMap((step) => [...translationKeys(forms.steps[step]!)]));
  const texts = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.fromEntries(
        [...keys].flatMap((key) => {
          const text = textOf(forms.texts[language], key);
          return text === undefined ? [] : [[key, text]];
        }),
      ),
    ]),
  ) as AskedForms['texts'];
  return {
    version: forms.version,
    steps: Object.fromEntries(asked.map((step) => [step, forms.steps[step]!])),
    texts,
  };
}

import type { Resource, ResourceLanguage } from 'i18next';

const files = import.meta.glob<ResourceLanguage>(
  '../../locales/*/{common,dashboard,find_reference,before_you_start,pages,validation,accessibility}.json',
  {
    eager: true,
    import: 'default',
  },
);
const formTexts = import.meta.glob<ResourceLanguage>('../../schemas/texts/*.json', { eager: true, import: 'default' });

/**
 * Every text of every language, as tests hand them to createI18n: the app itself loads all but English
 * common and pages when first needed (app/i18n.ts), which `tests/client/app.test.tsx` tests.
 */
export const allTexts: Resource = {};
for (const [file, texts] of Object.entries(files)) {
  const [, language, namespace] = /\/locales\/(\w+)\/(\w+)\.json$/.exec(file)!;
  (allTexts[language!] ??= {})[namespace!] = texts;
}
/** The form texts (schemas/texts/<language>.json), as the namespace `forms` (the app gets them with the forms). */
for (const [file, texts] of Object.entries(formTexts)) {
  const [, language] = /\/texts\/(\w+)\.json$/.exec(file)!;
  (allTexts[language!] ??= {}).forms = texts;
}

import type { TFunction } from 'i18next';
import {
  englishStringTranslator,
  replaceStringParameters,
  TranslatableString,
  type ErrorTransformer,
  type RJSFValidationError,
} from '@rjsf/utils';
import { isRowString } from './row-strings';

/** An error about one option of a oneOf/anyOf: the oneOf error on the same answer says it better. */
const inChoiceBranch = (error: RJSFValidationError) => /\/(?:oneOf|anyOf)\/\d+\//.test(error.schemaPath ?? '');

/** The answer an error is about, as RJSF names it ('first_name', '.foundation.0.name'), without the dot. */
export function errorProperty(error: RJSFValidationError): string {
  return (error.property ?? '').replace(/^\./, '');
}

/**
 * ajv's errors in the chosen language (locales/<lng>/validation.json, by keyword), one per answer,
 * without if/then bookkeeping: the same rules as the server's messages (src/shared/step-answers.ts).
 */
export function localizer(t: TFunction): ErrorTransformer {
  return (errors) => {
    const seen = new Set<string>();
    const out: RJSFValidationError[] = [];
    for (const error of errors) {
      if (error.name === 'if' || error.name === 'allOf' || inChoiceBranch(error)) continue;
      const property = errorProperty(error);
      if (seen.has(property)) continue;
      seen.add(property);
      const key = error.name && t(`validation:${error.name}`, { defaultValue: '' }) ? error.name : 'invalid';
      const limit = (error.params as { limit?: unknown } | undefined)?.limit;
      const message = t(`validation:${key}`, { limit });
      out.push({ ...error, message, stack: message });
    }
    return out;
  };
}

const STRING_KEYS = new Map<string, string>(Object.entries(TranslatableString).map(([key, value]) => [value, key]));

/** The empty first choice of a drop-down list (PlainSelect): a text of ours asked for as RJSF's are. */
export const CHOOSE_OPTION = 'Choose…' as TranslatableString;

/**
 * RJSF's own texts (Add, Remove, Yes, No…) from common.json wizard.rjsf.<name>, else RJSF's English.
 * Each text looked up once for this `t` (one language): RJSF asks again for every field at every render,
 * i.e. on every key typed.
 */
export function rjsfStrings(t: TFunction) {
  const found = new Map<string, string>();
  return (text: TranslatableString, params?: string[]): string => {
    const cacheKey = params ? `${text}\u0000${params.join('\u0000')}` : text;
    let string = found.get(cacheKey);
    if (string === undefined) {
      const key =
        text === CHOOSE_OPTION
          ? 'wizard.choose'
          : isRowString(text)
            ? text
            : STRING_KEYS.has(text)
              ? `wizard.rjsf.${STRING_KEYS.get(text)}`
              : '';
      const translated = key ? t(key, { defaultValue: '' }) : '';
      string = translated ? replaceStringParameters(translated, params) : englishStringTranslator(text, params);
      found.set(cacheKey, string);
    }
    return string;
  };
}

import type { Language } from '../../shared/reference-data';
import { hiddenTextPaths } from '../../shared/hidden-characters';
import { validationMessage } from '../i18n/messages';
import { validationFailed } from '../../shared/api/errors';
import { errorAnswer } from './contract-error';

/**
 * Refuses (422, the field's path and a message in the caller's language) a body whose texts hold
 * control, bidi or zero-width characters (src/shared/hidden-characters.ts); line breaks and tabs only
 * in the `multiline` fields. For the free texts of the dashboard and the back office.
 */
export function refuseHiddenText(body: unknown, multiline: readonly string[], language: Language): void {
  const ui = Object.fromEntries(multiline.map((name) => [name, { 'ui:widget': 'textarea' }]));
  const paths = hiddenTextPaths(body, '', ui);
  if (paths.length > 0) {
    const message = validationMessage(language, 'hidden_characters');
    throw errorAnswer(validationFailed, { errors: paths.map((path) => ({ path, message })) });
  }
}

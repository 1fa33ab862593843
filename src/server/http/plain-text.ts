import type { Language } from '../../shared/reference-data';
import { hiddenTextPath } from '../../shared/hidden-characters';
import { validationMessage } from '../i18n/messages';
import { ApiError } from './envelope';

/**
 * Refuses (422, the field's path and a message in the caller's language) a body whose texts hold
 * control, bidi or zero-width characters (src/shared/hidden-characters.ts); line breaks and tabs only
 * in the `multiline` fields. For the free texts of the dashboard and the back office.
 */
export function refuseHiddenText(body: unknown, multiline: readonly string[], language: Language): void {
  const ui = Object.fromEntries(multiline.map((name) => [name, { 'ui:widget': 'textarea' }]));
  const path = hiddenTextPath(body, '', ui);
  if (path !== undefined) {
    throw new ApiError(422, 'validation_failed', {
      errors: [{ path, message: validationMessage(language, 'hidden_characters') }],
    });
  }
}

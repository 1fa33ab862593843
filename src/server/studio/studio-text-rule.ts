import type { Language } from '../../shared/reference-data';
import { FORM_TEXT_MAX, formTextProblems } from '../../shared/studio/text-rule';
import { ApiError } from '../http/envelope';
import { message } from '../i18n/messages';

/** Problems told at most (a pasted file could have thousands). */
const TOLD_MAX = 20;

/**
 * Refuses (422 studio.text_refused, nothing saved) a change whose form texts break the studio's text
 * rule (src/shared/studio/text-rule.ts): each text's place (`path`, from the body; `part`, the body's
 * part it is in) and what is wrong with it, in the staff member's language.
 */
export function refuseFormTexts(body: Record<string, unknown>, language: Language): void {
  const found = formTextProblems(body);
  if (found.length === 0) return;
  const errors = found.slice(0, TOLD_MAX).map(({ path, fault }) => ({
    path,
    part: path.split('/')[1] ?? '',
    message: message(language, fault === 'hidden' ? 'studio.text_hidden' : 'studio.text_too_long', {
      at: path.slice(1),
      max: FORM_TEXT_MAX,
    }),
  }));
  throw new ApiError(422, 'studio.text_refused', { errors });
}

import type { Language } from '../../shared/reference-data';
import { DECLARATION_PATH } from '../../shared/api/declaration';
import { ApiError } from '../http/envelope';
import { validationMessage } from '../i18n/messages';

/** Submit only with the applicant's declaration that the information is true and complete: else 422. */
export function requireDeclaration(declaration: boolean | undefined, language: Language): void {
  if (declaration === true) return;
  throw new ApiError(422, 'declaration_required', {
    errors: [{ path: DECLARATION_PATH, message: validationMessage(language, 'declaration_required') }],
  });
}

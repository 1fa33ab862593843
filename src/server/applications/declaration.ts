import type { Language } from '../../shared/reference-data';
import { DECLARATION_PATH } from '../../shared/api/declaration';
import { declarationRequired } from '../../shared/api/errors';
import { errorAnswer } from '../http/contract-error';
import { validationMessage } from '../i18n/messages';

/** Submit only with the applicant's declaration that the information is true and complete: else 422. */
export function requireDeclaration(declaration: boolean | undefined, language: Language): void {
  if (declaration === true) return;
  throw errorAnswer(declarationRequired, {
    errors: [{ path: DECLARATION_PATH, message: validationMessage(language, 'declaration_required') }],
  });
}

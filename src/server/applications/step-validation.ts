import type { FieldError } from '../../shared/envelope';
import type { Language } from '../../shared/reference-data';
import { crossStepErrors } from '../../shared/cross-step-rules';
import { MAX_FIELD_ERRORS, oversizedAnswers } from '../../shared/answer-bounds';
import { hiddenTextPaths } from '../../shared/hidden-characters';
import { applyComputed, dropInactiveAnswers, fieldErrors } from '../../shared/step-answers';
import { moduleOf } from '../../shared/step-modules';
import type { StepForm } from '../../shared/forms';
import { canVisit } from '../../shared/wizard-driver';
import type { FormsService, Served } from '../forms/forms-service';
import { ApiError } from '../http/envelope';
import { validationMessage } from '../i18n/messages';
import { unstorableText } from './unfinished-steps';
import { engineerUnconfirmed, unknownStep, validationFailed } from '../../shared/api/errors';
import { errorAnswer } from '../http/contract-error';

type Answers = Record<string, unknown>;
type Steps = Readonly<Record<string, StepForm | undefined>>;

/**
 * Whether a validation token from validate_otp proves that this engineer confirmed this draft by SMS
 * code (a token is bound to the one draft it was asked for). The engineer step is refused without one.
 */
export interface EngineerProofs {
  isValid(token: unknown, engineerId: unknown, applicationId: number | undefined): Promise<boolean>;
}

/** Every answer validated with the forms' own schemas: a step's answers as they will be stored, or 422. */
export class StepValidation {
  constructor(
    private readonly forms: FormsService,
    private readonly engineerProofs: EngineerProofs,
  ) {}

  /** The step's answers as they will be stored (totals computed, stale conditional answers dropped), or 422. */
  async valid(
    step: string,
    data: Answers,
    language: Language,
    applicationId: number | undefined,
    served?: Served,
  ): Promise<Answers> {
    const forms = served ?? (await this.forms.get());
    const validate = this.forms.validatorIn(forms, step);
    const form = forms.forms.steps[step];
    const schema = form?.schema;
    if (!validate || !schema) throw errorAnswer(unknownStep, {});
    // Lists and texts over their limits are refused before anything else looks at the answers: the
    // validator's work (and its errors) would grow with every row of a hostile list.
    const oversized = oversizedAnswers(schema, data, `/${step}`);
    if (oversized.length > 0) {
      throw errorAnswer(validationFailed, {
        errors: oversized.map((problem) => ({
          path: problem.path,
          message: validationMessage(language, problem.keyword, { limit: problem.limit }),
        })),
      });
    }
    const cleaned = dropInactiveAnswers(this.forms.ajv, schema, applyComputed(schema, data)) as Answers;
    if (!validate(cleaned)) {
      const translate = (key: string, params: Record<string, unknown>) => validationMessage(language, key, params);
      throw errorAnswer(validationFailed, { errors: fieldErrors(validate.errors, translate, `/${step}`) });
    }
    storableText(cleaned, step, form.uiSchema, language);
    // The engineer step (whatever it is called) needs the engineer's confirmation by SMS code.
    if (
      moduleOf(form) === 'engineer' &&
      !(await this.engineerProofs.isValid(cleaned.validation_token, cleaned.engineer_id, applicationId))
    ) {
      throw errorAnswer(engineerUnconfirmed, {
        errors: [{ path: `/${step}/validation_token`, message: validationMessage(language, 'engineer_unconfirmed') }],
      });
    }
    return cleaned;
  }

  /**
   * A step of a returned application answered again (src/server/changes): the very checks of a save,
   * with the step's schema of `served` (the forms version the application was submitted under), then
   * the rules across steps over all its answers with this step's new ones. Answers the step as stored, or 422.
   */
  async validAgain(
    served: Served,
    flow: readonly string[],
    answers: Record<string, Answers>,
    step: string,
    data: Answers,
    language: Language,
    applicationId: number,
  ): Promise<Answers> {
    const cleaned = await this.valid(step, data, language, applicationId, served);
    // Only what this answer breaks: a rule another step broke before is not this step's to answer.
    const key = (e: FieldError) => `${e.path} ${e.message}`;
    const before = new Set(ruleErrors(answers, served.forms.steps, flow, language).map(key));
    const errors = ruleErrors({ ...answers, [step]: cleaned }, served.forms.steps, flow, language).filter(
      (e) => !before.has(key(e)),
    );
    if (errors.length > 0) throw errorAnswer(validationFailed, { errors: errors.slice(0, MAX_FIELD_ERRORS) });
    return cleaned;
  }
}

/** Text that cannot deceive (no control, bidi or zero-width characters; line breaks in textareas only) and that jsonb can store, or 422. */
function storableText(cleaned: Answers, step: string, uiSchema: StepForm['uiSchema'], language: Language): void {
  const hidden = hiddenTextPaths(cleaned, `/${step}`, uiSchema);
  if (hidden.length > 0) {
    const message = validationMessage(language, 'hidden_characters');
    const errors = hidden.slice(0, MAX_FIELD_ERRORS).map((path) => ({ path, message }));
    throw errorAnswer(validationFailed, { errors });
  }
  const unstorable = unstorableText(cleaned, `/${step}`);
  if (unstorable) {
    throw errorAnswer(validationFailed, {
      errors: [{ path: unstorable, message: validationMessage(language, 'invalid') }],
    });
  }
}

/** The rules across steps (src/shared/cross-step-rules.ts), as field errors in the applicant's language. */
export function ruleErrors(answers: Answers, forms: Steps, flow: readonly string[], language: Language): FieldError[] {
  return crossStepErrors(answers, forms, flow).map((error) => ({
    path: error.path,
    message: validationMessage(language, error.key, error.params),
  }));
}

/** Why this step cannot be saved into these answers (out of order, or a rule across steps broken), if it cannot. */
export function stepRefusal(
  forms: Steps,
  steps: readonly string[],
  saved: Answers,
  step: string,
  language: Language,
): ApiError | undefined {
  if (!canVisit(steps, saved, step)) return new ApiError(409, 'step_out_of_order');
  // Only the rules about this step: a changed storey count is fixed on the floors' own step.
  const broken = ruleErrors(saved, forms, steps, language).filter((error) => error.path.startsWith(`/${step}/`));
  return broken.length > 0 ? errorAnswer(validationFailed, { errors: broken }) : undefined;
}

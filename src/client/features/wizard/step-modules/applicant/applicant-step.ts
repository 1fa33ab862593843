import type { CustomValidator, FormValidation } from '@rjsf/utils';
import type { TranslatedStep } from '../../../../forms/translate-schema';
import type { StepAnswers, VerifiedPerson } from '../../wizard-slice';
import { isVerified } from './zanid';

/** Filled from the ID registry once the ZanID is verified: read-only from then on. */
const FROM_REGISTRY = ['zan_id', 'first_name', 'middle_name', 'last_name'];

/** The applicant step with its Verify ID widget, and the registry's fields read-only once verified. */
export function withZanid(translated: TranslatedStep, verified: boolean): TranslatedStep {
  const uiSchema = { ...translated.uiSchema };
  uiSchema.zan_id = { ...(uiSchema.zan_id as object), 'ui:widget': 'ZanidWidget' };
  if (verified)
    for (const name of FROM_REGISTRY) uiSchema[name] = { ...(uiSchema[name] as object), 'ui:readonly': true };
  return { ...translated, uiSchema };
}

/** Spec section 4: a ZanID counts as valid once verified; until then the step cannot be saved (`message`). */
export const zanidValidator =
  (verified: VerifiedPerson | null, message: string): CustomValidator =>
  (data, errors) => {
    const answers = (data ?? {}) as StepAnswers;
    const zanId = typeof answers.zan_id === 'string' ? answers.zan_id : '';
    if (answers.identification_type === 'zanid' && /^[0-9]{9}$/.test(zanId) && !isVerified(verified, zanId))
      (errors as FormValidation<StepAnswers>).zan_id?.addError(message);
    return errors;
  };

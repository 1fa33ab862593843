import type { CustomValidator } from '@rjsf/utils';
import { expectedFloors, floorRowErrors, storeysOf } from '../../../shared/cross-step-rules';
import { pointerParts } from './field-paths';
import type { StepAnswers } from './wizard-slice';

/**
 * The construction details as they open: with no floor rows yet, one row per floor of the storey count
 * (the ground floor, then each storey), numbered, each with an empty room to fill in.
 */
export function withFloorRows(construction: unknown, details: StepAnswers | undefined): StepAnswers {
  const answers = details ?? {};
  const storeys = storeysOf(construction);
  if (storeys === undefined || (Array.isArray(answers.floors) && answers.floors.length > 0)) return answers;
  return { ...answers, floors: expectedFloors(storeys).map((floor) => ({ floor, rooms: [{}] })) };
}

interface ErrorNode {
  addError?: (message: string) => void;
  [child: string]: unknown;
}

/**
 * The floors-against-storeys rule the server applies (src/shared/cross-step-rules.ts), as RJSF custom
 * validation: each broken rule on its own field, before anything is sent.
 */
export function floorRowsValidator(
  construction: unknown,
  text: (key: string, params: Record<string, unknown>) => string,
): CustomValidator {
  return (data, errors) => {
    for (const error of floorRowErrors(construction, data)) {
      let node = errors as unknown as ErrorNode | undefined;
      for (const part of pointerParts(error.path)) node = node?.[part] as ErrorNode | undefined;
      node?.addError?.(text(error.key, error.params));
    }
    return errors;
  };
}

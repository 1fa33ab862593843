import type { CustomValidator } from '@rjsf/utils';
import { expectedFloors, floorRowErrors, storeysOf } from '../../../../../shared/cross-step-rules';
import { isJsonObject } from '../../../../../shared/schema-walk';
import { pointerParts } from '../../../../forms/field-paths';
import type { StepAnswers } from '../../wizard-slice';

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

/**
 * A floor row just added (beyond the rows of `previous`) without its floor number gets the next one (one
 * above the highest before it): "Add a floor" adds "Floor 3", named so at once. A number the applicant
 * clears in a row already there stays cleared (they are typing another).
 */
export function numberNewFloors(next: StepAnswers, previous: StepAnswers): StepAnswers {
  const { floors } = next;
  const before = Array.isArray(previous.floors) ? previous.floors.length : 0;
  if (!Array.isArray(floors) || floors.length <= before) return next;
  let highest = -1;
  const numbered = floors.map((row: unknown, index) => {
    if (!isJsonObject(row)) return row;
    if (index >= before && row.floor === undefined) row = { ...row, floor: (highest += 1) };
    else if (Number.isInteger(row.floor)) highest = Math.max(highest, row.floor as number);
    return row;
  });
  return { ...next, floors: numbered };
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

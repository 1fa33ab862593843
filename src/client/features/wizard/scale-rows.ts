import type { UiSchema } from '../../../shared/forms';
import type { StepAnswers } from './wizard-slice';

/**
 * The review's rows for the uploads, which the step's form does not show: each document uploaded
 * ('Your documents, Sheha's letter: Uploaded'), then the drawings' scales ('Drawing scales, Floor
 * plans: 1:100'). A step of uploaded documents never reads "No answers given".
 */
export function scaleRows(
  uiSchema: UiSchema,
  answers: StepAnswers | undefined,
  uploaded: string,
): { label: string; value: string }[] {
  const rows = (field: string, value: (given: string) => string) => {
    const ui = (uiSchema[field] ?? {}) as Record<string, { 'ui:title'?: string } | string | undefined>;
    const title = (node: unknown) => (node as { 'ui:title'?: unknown } | undefined)?.['ui:title'];
    const group = typeof ui['ui:title'] === 'string' ? ui['ui:title'] : '';
    return Object.entries((answers?.[field] ?? {}) as Record<string, unknown>)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
      .map(([code, given]) => {
        const name = title(ui[code]);
        return {
          label: [group, typeof name === 'string' ? name : code].filter(Boolean).join(', '),
          value: value(given),
        };
      });
  };
  return [...rows('documents', () => uploaded), ...rows('scales', (scale) => scale)];
}

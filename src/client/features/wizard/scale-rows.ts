import type { UiSchema } from '../../../shared/forms';
import type { StepAnswers } from './wizard-slice';

/** The review's rows for the drawings' scales ('Drawing scales, Floor plans: 1:100'), which the step's form does not show. */
export function scaleRows(uiSchema: UiSchema, answers: StepAnswers | undefined): { label: string; value: string }[] {
  const ui = (uiSchema.scales ?? {}) as Record<string, { 'ui:title'?: string } | string | undefined>;
  const title = (node: unknown) => (node as { 'ui:title'?: unknown } | undefined)?.['ui:title'];
  const group = typeof ui['ui:title'] === 'string' ? ui['ui:title'] : '';
  return Object.entries((answers?.scales ?? {}) as Record<string, unknown>)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([code, value]) => {
      const name = title(ui[code]);
      return { label: [group, typeof name === 'string' ? name : code].filter(Boolean).join(', '), value };
    });
}

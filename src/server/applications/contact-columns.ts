import type { StepForm } from '../../shared/forms';
import { moduleAnswers } from '../../shared/step-modules';

type Answers = Record<string, unknown>;

/** The applicant's phone and ID number, from the applicant step (whatever it is called), kept in their own columns. */
export function contactOf(
  answers: Answers,
  forms: Readonly<Record<string, StepForm | undefined>>,
  flow: readonly string[],
): { phone: string | null; id_number: string | null } {
  const personal = moduleAnswers(answers, forms, 'applicant', flow);
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return { phone: text(personal.phone), id_number: text(personal.zan_id) ?? text(personal.passport_number) };
}

import type { StepAnswers } from '../../wizard-slice';

/** The engineer's registration number as the registry writes it ('zeb/1234 ' → 'ZEB/1234'). */
export const normalizedEngineerId = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : '');

/** The engineer step's answers as saved: the proof only while it belongs to the engineer named. */
export function withEngineerProof(
  answers: StepAnswers,
  engineer: { details: { registration_number: string }; token: string } | null,
): StepAnswers {
  const rest = { ...answers };
  delete rest.validation_token;
  const confirmed = engineer && engineer.details.registration_number === normalizedEngineerId(answers.engineer_id);
  return confirmed ? { ...rest, validation_token: engineer.token } : rest;
}

/** The engineer step's Send code button (EngineerConfirm.tsx): where "not confirmed" errors lead. */
export const ENGINEER_SEND_ID = 'engineer-send-code';

/** Where an error at `parts` of the engineer step leads, when the step's own part shows that field. */
export const engineerFieldId = (parts: readonly string[]): string | undefined =>
  parts[0] === 'validation_token' ? ENGINEER_SEND_ID : undefined;

import { generateSecret, generateURI, verify } from 'otplib';

/**
 * The authenticator app's codes (RFC 6238 as every app reads it: SHA-1, 6 digits, 30 s), with otplib.
 * A code is good for its 30 s and the steps either side (a phone's clock a little off), and once: the
 * time step of the last accepted code is kept, and no code of that step or an earlier one is accepted.
 */
export const TOTP_ISSUER = 'Kibali';
const PERIOD_S = 30;
/** One step either side. */
const TOLERANCE_S = PERIOD_S;

/** A new secret: 20 random bytes (160 bits), Base32, as authenticator apps take it. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// URI an authenticator app enrols from (typed, or as a QR code). */
export function totpUri(secret: string, login: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: login, secret });
}

/** The time step of the code if it is right now and newer than `afterStep`; undefined otherwise. */
export async function acceptedTotpStep(
  secret: string,
  code: string,
  afterStep: number | null,
  nowMs = Date.now(),
): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOLERANCE_S,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  }).catch(() => undefined);
  return result?.valid && 'timeStep' in result ? result.timeStep : undefined;
}

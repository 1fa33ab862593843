import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature in a permit's QR link: HMAC-SHA256 with the server's PERMIT_SIGNING_KEY over the
 * permit number and its validity dates, cut to 128 bits (22 base64url characters keep the QR code
 * small enough for a phone's camera at arm's length). Only the portal can make one, so a made-up
 * number, a real number printed with other dates, or one permit's signature copied onto another
 * fails the check. A renewal or revocation does not change it: the verify page tells those apart.
 */

/** Used outside production only (config.ts refuses to serve production without a key): public, so worthless. */
export const DEVELOPMENT_SIGNING_KEY = 'kibali-development-permit-key-not-secret-0000';

/** Bumped if what is signed changes, so that an old signature never matches new content by accident. */
const CONTEXT = 'kibali-permit-v1';

export class PermitSigner {
  constructor(private readonly key: string) {}

  sign(permit: { permit_number: string; valid_from: string; valid_until: string }): string {
    return createHmac('sha256', this.key)
      .update([CONTEXT, permit.permit_number, permit.valid_from, permit.valid_until].join('\n'))
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }

  /** Compared in constant time: the answer's timing tells nothing of the right signature. */
  matches(permit: { permit_number: string; valid_from: string; valid_until: string }, signature: string): boolean {
    const expected = Buffer.from(this.sign(permit));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/**
 * The gateway signs each call it makes to the portal over the exact body bytes, with its private key;
 * the portal checks it with the gateway's public key (configuration). Ed25519 or RSA-SHA256, as the
 * key says. A signature that does not verify is refused before anything is read from the body.
 */
export class SignatureVerifier {
  private readonly key: KeyObject;

  constructor(publicKeyPem: string) {
    this.key = createPublicKey(publicKeyPem);
    const type = this.key.asymmetricKeyType;
    if (type !== 'ed25519' && type !== 'rsa')
      throw new Error(`a payment gateway key must be Ed25519 or RSA, not ${type}`);
  }

  verifies(body: Buffer, signatureBase64: string | undefined): boolean {
    if (!signatureBase64 || signatureBase64.length > 1024 || !/^[A-Za-z0-9+/]+={0,2}$/.test(signatureBase64))
      return false;
    const signature = Buffer.from(signatureBase64, 'base64');
    try {
      return verify(this.key.asymmetricKeyType === 'ed25519' ? null : 'sha256', body, this.key, signature);
    } catch {
      return false;
    }
  }
}

/** Signs as the gateway does (the simulator; tests). */
export function signBody(body: string | Buffer, privateKey: KeyObject): string {
  const algorithm = privateKey.asymmetricKeyType === 'ed25519' ? null : 'sha256';
  return sign(algorithm, Buffer.from(body), privateKey).toString('base64');
}

/** The Ed25519 key of a 32-byte seed (PKCS#8 DER: a fixed prefix and the seed). */
export function ed25519FromSeed(seed: Buffer): KeyObject {
  const prefix = Buffer.from('302e020100300506032b657004220420', 'hex');
  return createPrivateKey({ key: Buffer.concat([prefix, seed]), format: 'der', type: 'pkcs8' });
}

/**
 * The simulator's key: fixed, so that every server process and the staff command line sign alike and
 * a restart does not break notices under way. Public knowledge, hence never accepted in production
 * (config.ts refuses the simulator there unless DEMO_MODE=1).
 */
export const SIMULATOR_PRIVATE_KEY = ed25519FromSeed(Buffer.from('kibali payment simulator key 001'.padEnd(32, '.')));
export const SIMULATOR_PUBLIC_KEY_PEM = createPublicKey(SIMULATOR_PRIVATE_KEY)
  .export({ type: 'spki', format: 'pem' })
  .toString();

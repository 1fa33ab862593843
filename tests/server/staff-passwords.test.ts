import { beforeEach, describe, expect, it, vi } from 'vitest';

// argon2's verify, watched: an unknown login must cost the same hashing work as a known one.
const calls = vi.hoisted(() => ({ verify: [] as string[] }));
vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (hashed: string, password: string) => {
      calls.verify.push(hashed);
      return real.verify(hashed, password);
    },
  };
});

const { hashPassword, passwordMatches, passwordProblem } =
  await import('../../src/server/staff-accounts/staff-passwords');

describe('staff passwords', () => {
  beforeEach(() => {
    calls.verify.length = 0;
  });

  it('an unknown login runs argon2id against a decoy hash, with the same parameters, and never matches', async () => {
    const stored = await hashPassword('the right password 1');
    expect(await passwordMatches(stored, 'the right password 1')).toBe(true);
    expect(await passwordMatches(stored, 'the wrong password 1')).toBe(false);
    expect(await passwordMatches(undefined, 'the right password 1')).toBe(false);
    expect(calls.verify).toHaveLength(3);
    const parameters = (hash: string) => hash.split('$').slice(1, 4).join('$');
    expect(parameters(calls.verify[2]!)).toBe(parameters(stored));
    expect(parameters(stored)).toBe('argon2id$v=19$m=19456,t=2,p=1');
    // A decoy is not a password anybody has: even its own text does not match it.
    expect(calls.verify[2]).not.toBe(stored);
  });

  it('a password over 256 characters is not hashed at all (bounded work)', async () => {
    const stored = await hashPassword('the right password 2');
    expect(await passwordMatches(stored, 'x'.repeat(257))).toBe(false);
    expect(calls.verify).toHaveLength(0);
  });

  it('a new password: 12 to 256 characters on one line, not only spaces, not the login', () => {
    expect(passwordProblem('short one', 'asha')).toBe('password_length');
    expect(passwordProblem(' '.repeat(20), 'asha')).toBe('password_length');
    expect(passwordProblem('twelve chars\nmore', 'asha')).toBe('password_length');
    expect(passwordProblem('x'.repeat(257), 'asha')).toBe('password_length');
    expect(passwordProblem('Asha.Omar.Long', 'asha.omar.long')).toBe('password_login');
    expect(passwordProblem('a long enough passphrase', 'asha')).toBeUndefined();
  });
});

import { createHash, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { verify as verifyBcrypt } from '@node-rs/bcrypt';
import { newSecret } from '../storage/ids.js';
import { verifyLegacyDigest } from './legacy-digest.js';
import type { PasswordAlgorithm, StoredPassword } from './password-digest.js';

// argon2id (algorithm 2; the package's enum is an ambient const enum) at OWASP's baseline: 19 MiB, 2 passes, 1 lane.
const options = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** The form every password is stored in once the user has signed in with it. */
export const argon2idPassword = (hash: string): StoredPassword => ({ hash, algorithm: 'Argon2id' });

const currentParameters = `$argon2id$v=19$m=${options.memoryCost},t=${options.timeCost},p=${options.parallelism}$`;

/**
 * A digest of another algorithm, or argon2id with other parameters (an import, or hashed before
 * they changed), is replaced at the next successful sign-in.
 */
export const needsRehash = (stored: StoredPassword): boolean =>
  stored.algorithm !== 'Argon2id' || !stored.hash.startsWith(currentParameters);

// Unknown identifiers and users without a password are checked against this hash of a random
// password, so argon2 runs on every attempt and the timing does not reveal who has an account.
let decoyHash: Promise<string> | undefined;
export const decoy = async (): Promise<StoredPassword> =>
  argon2idPassword(await (decoyHash ??= hashPassword(newSecret())));

// These answer a wrong password far faster than argon2: a decoy check evens the time out.
const fastAlgorithms: readonly PasswordAlgorithm[] = ['MD5', 'SHA1', 'SHA256', 'Legacy'];

const nodeHash: Partial<Record<PasswordAlgorithm, string>> = { MD5: 'md5', SHA1: 'sha1', SHA256: 'sha256' };

async function matches(stored: StoredPassword, password: string): Promise<boolean> {
  switch (stored.algorithm) {
    case 'Argon2i':
    case 'Argon2id':
    case 'Argon2d':
      return verify(stored.hash, password);
    case 'Bcrypt':
      return verifyBcrypt(password, stored.hash);
    case 'MD5':
    case 'SHA1':
    case 'SHA256': {
      const actual = createHash(nodeHash[stored.algorithm]!).update(password).digest();
      const expected = Buffer.from(stored.hash, 'hex');
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    }
    case 'Legacy':
      return verifyLegacyDigest(stored.hash, password);
  }
}

/**
 * Constant-time by construction: argon2 and bcrypt recompute the digest and compare it in full;
 * the plain digests are compared with `timingSafeEqual`, and a mismatch also runs the decoy.
 */
export async function verifyPassword(stored: StoredPassword | null, password: string): Promise<boolean> {
  if (!stored) return false;
  const matched = await matches(stored, password).catch(() => false);
  if (!matched && fastAlgorithms.includes(stored.algorithm)) await matches(await decoy(), password);
  return matched;
}

import { apiError } from '../http/error-registry.js';
import type { PasswordAlgorithm } from '../storage/tables/core.js';
import { parseLegacyDigest } from './legacy-digest.js';

export type { PasswordAlgorithm };

export const passwordAlgorithms = [
  'Argon2i',
  'Argon2id',
  'Argon2d',
  'Bcrypt',
  'SHA1',
  'SHA256',
  'MD5',
  'Legacy',
] as const satisfies readonly PasswordAlgorithm[];

/** A password as stored: the digest and the algorithm it is checked with. */
export interface StoredPassword {
  hash: string;
  algorithm: PasswordAlgorithm;
}

// Imported digests are checked at every sign-in attempt, so their cost is bounded here: argon2 up
// to 256 MiB and 4 Gi KiB-passes (Logto's own argon2i, m=4096 t=256, is a quarter of that),
// bcrypt up to cost 15.
const ARGON2_MAX_MEMORY_KIB = 262_144;
const ARGON2_MAX_WORK = 4_194_304;
const BCRYPT_MAX_COST = 15;

const argon2Encoded =
  /^\$(argon2(?:id|i|d))\$(?:v=\d+\$)?m=(\d{1,10}),t=(\d{1,10}),p=(\d{1,3})\$[\d+/A-Za-z]+\$[\d+/A-Za-z]+$/;
const bcryptEncoded = /^\$2[abxy]\$(\d\d)\$[./\dA-Za-z]{53}$/;
const hexLength: Partial<Record<PasswordAlgorithm, number>> = { MD5: 32, SHA1: 40, SHA256: 64 };

const invalidDigest = (algorithm: PasswordAlgorithm, expected: string) =>
  apiError('password.invalid_password_digest', { algorithm, expected });

export const unsupportedAlgorithm = (algorithm: string) =>
  apiError('password.unsupported_encryption_method', { algorithm, supported: passwordAlgorithms });

export function isPasswordAlgorithm(value: string): value is PasswordAlgorithm {
  return (passwordAlgorithms as readonly string[]).includes(value);
}

function checkArgon2(algorithm: PasswordAlgorithm, digest: string): void {
  const match = argon2Encoded.exec(digest);
  const expected = `an encoded $${algorithm.toLowerCase()}$v=19$m=…,t=…,p=…$salt$hash string`;
  if (!match || match[1] !== algorithm.toLowerCase()) throw invalidDigest(algorithm, expected);
  const [memory, passes, lanes] = [Number(match[2]), Number(match[3]), Number(match[4])];
  if (memory > ARGON2_MAX_MEMORY_KIB || memory * passes > ARGON2_MAX_WORK || passes < 1 || lanes < 1) {
    throw invalidDigest(algorithm, `m at most ${ARGON2_MAX_MEMORY_KIB} and m × t at most ${ARGON2_MAX_WORK}`);
  }
}

/**
 * An imported digest (`passwordDigest` with `passwordAlgorithm`), checked now rather than failing
 * at every sign-in: a 400 with a code names what is wrong. Hex digests are stored in lower case.
 */
export function importedPassword(algorithm: string, digest: string): StoredPassword {
  if (!isPasswordAlgorithm(algorithm)) throw unsupportedAlgorithm(algorithm);
  switch (algorithm) {
    case 'Argon2i':
    case 'Argon2id':
    case 'Argon2d':
      checkArgon2(algorithm, digest);
      return { hash: digest, algorithm };
    case 'Bcrypt': {
      const cost = Number(bcryptEncoded.exec(digest)?.[1]);
      if (!(cost >= 4 && cost <= BCRYPT_MAX_COST)) {
        throw invalidDigest(
          algorithm,
          `a $2a$/$2b$/$2y$ string of 60 characters, cost 04 to ${BCRYPT_MAX_COST}`,
        );
      }
      return { hash: digest, algorithm };
    }
    case 'MD5':
    case 'SHA1':
    case 'SHA256': {
      const length = hexLength[algorithm]!;
      if (!new RegExp(`^[\\dA-Fa-f]{${length}}$`).test(digest)) {
        throw invalidDigest(algorithm, `${length} hex digits of the unsalted password's digest`);
      }
      return { hash: digest.toLowerCase(), algorithm };
    }
    case 'Legacy':
      parseLegacyDigest(digest);
      return { hash: digest, algorithm };
  }
}

import { createHash, pbkdf2, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { apiError } from '../http/error-registry.js';

/**
 * Logto's `Legacy` password digest: a JSON array `[algorithm, args, expectedHex]`. For a
 * node:crypto hash the arguments, `@` standing for the password, are joined and hashed; for
 * `pbkdf2` (or `pbkdf2Sync`) they are `[salt, iterations, keylen, digest, …]` with `@` among them.
 * The expected value is the hex of the result.
 */
export type LegacyDigest =
  | { kind: 'hash'; algorithm: string; args: string[]; expected: Buffer }
  | { kind: 'pbkdf2'; salt: string; iterations: number; keylen: number; digest: string; expected: Buffer };

// A stored digest is run at every sign-in attempt: its cost is bounded when it is imported.
const MAX_PBKDF2_ITERATIONS = 2_000_000;
const MAX_PBKDF2_KEYLEN = 512;
const PASSWORD = '@';

const derive = promisify(pbkdf2);

const invalidFormat = (why: string) => apiError('password.invalid_legacy_password_format', { why });

const unsupportedAlgorithm = (algorithm: string) =>
  apiError('password.unsupported_legacy_hash_algorithm', { algorithm });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalidFormat('it is not JSON');
  }
}

function hexOf(value: string, bytes: number | undefined): Buffer {
  if (!/^(?:[\dA-Fa-f]{2})+$/.test(value)) throw invalidFormat('the expected value is not hex');
  const expected = Buffer.from(value, 'hex');
  if (bytes !== undefined && expected.length !== bytes) {
    throw invalidFormat(`the expected value must be ${bytes * 2} hex digits for this algorithm`);
  }
  return expected;
}

function positiveInteger(value: string | undefined, max: number, name: string): number {
  if (value === undefined || !/^\d{1,10}$/.test(value)) throw invalidFormat(`${name} is not a number`);
  const number = Number(value);
  if (number < 1 || number > max) throw invalidFormat(`${name} must be between 1 and ${max}`);
  return number;
}

function digestLength(algorithm: string): number | undefined {
  try {
    return createHash(algorithm).digest().length;
  } catch {
    return undefined;
  }
}

/** Checks a Legacy digest as it is imported (400 with Logto's codes) and as it is read back. */
export function parseLegacyDigest(text: string): LegacyDigest {
  const value = parseJson(text);
  if (
    !Array.isArray(value) ||
    value.length !== 3 ||
    typeof value[0] !== 'string' ||
    !Array.isArray(value[1]) ||
    !value[1].every((arg) => typeof arg === 'string') ||
    typeof value[2] !== 'string'
  ) {
    throw invalidFormat('it is not an array of an algorithm, a list of string arguments and a string');
  }
  const [algorithm, args, expected] = value as [string, string[], string];
  if (!args.includes(PASSWORD)) throw invalidFormat('the arguments do not include "@", the password');

  if (algorithm === 'pbkdf2' || algorithm === 'pbkdf2Sync') {
    const [salt, iterations, keylen, digest] = args;
    if (!salt || salt === PASSWORD)
      throw invalidFormat('pbkdf2 takes [salt, iterations, keylen, digest, "@"]');
    if (!digest || digestLength(digest) === undefined) throw unsupportedAlgorithm(digest ?? '');
    const length = positiveInteger(keylen, MAX_PBKDF2_KEYLEN, 'keylen');
    return {
      kind: 'pbkdf2',
      salt,
      iterations: positiveInteger(iterations, MAX_PBKDF2_ITERATIONS, 'iterations'),
      keylen: length,
      digest,
      expected: hexOf(expected, length),
    };
  }
  const length = digestLength(algorithm);
  if (length === undefined) throw unsupportedAlgorithm(algorithm);
  return { kind: 'hash', algorithm, args, expected: hexOf(expected, length) };
}

async function compute(digest: LegacyDigest, password: string): Promise<Buffer> {
  if (digest.kind === 'pbkdf2') {
    return derive(password, digest.salt, digest.iterations, digest.keylen, digest.digest);
  }
  const input = digest.args.map((arg) => (arg === PASSWORD ? password : arg)).join('');
  return createHash(digest.algorithm).update(input).digest();
}

export async function verifyLegacyDigest(text: string, password: string): Promise<boolean> {
  const digest = parseLegacyDigest(text);
  const actual = await compute(digest, password);
  return actual.length === digest.expected.length && timingSafeEqual(actual, digest.expected);
}

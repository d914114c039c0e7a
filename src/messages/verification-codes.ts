import type { Kysely } from 'kysely';
import type { ApiError } from '../http/errors.js';
import { apiError } from '../http/error-registry.js';
import type { Verdict } from '../lockout/lockout.js';
import type { Db } from '../storage/database.js';
import type { Database } from '../storage/schema.js';
import { codeMatches, hashCode, newCode } from './code-hash.js';
import * as repository from './verification-codes.repository.js';

export type CodeCheck = 'verified' | 'mismatch' | 'expired' | 'exhausted' | 'not_found';

/** Stores a new code for the record `code.id` (its hash only) and returns the code to send. */
export async function createCode(
  db: Kysely<Database>,
  code: Omit<repository.NewCode, 'codeHash'>,
): Promise<string> {
  const clear = newCode();
  await repository.insertCode(db, { ...code, codeHash: await hashCode(db, code.id, clear) });
  return clear;
}

/**
 * Checks a code: every try spends an attempt first (so concurrent guesses cannot exceed the
 * limit), then the keyed hashes are compared in constant time; a right code is single use.
 */
export async function checkCode(db: Db, id: string, code: string): Promise<CodeCheck> {
  const attempt = await repository.spendAttempt(db, id);
  if (!attempt) {
    const row = await repository.findCode(db, id);
    return !row || row.verified_at ? 'not_found' : 'exhausted';
  }
  if (!attempt.live) return 'expired';
  if (!(await codeMatches(db, id, code, attempt.code_hash))) return 'mismatch';
  return (await repository.markCodeVerified(db, id)) ? 'verified' : 'not_found';
}

// Logto's codes for these outcomes, so sign-in pages written for it keep working.
export function codeError(check: Exclude<CodeCheck, 'verified'>): ApiError {
  switch (check) {
    case 'mismatch':
      return apiError('verification_code.code_mismatch');
    case 'expired':
      return apiError('verification_code.expired');
    case 'exhausted':
      return apiError('verification_code.exceed_max_try');
    case 'not_found':
      return apiError('verification_code.not_found');
  }
}

/** A code check as the lockout counts it: only a wrong code is a failure. */
export function codeVerdict(check: CodeCheck): Verdict<void> {
  if (check === 'verified') return { outcome: 'success', value: undefined };
  return { outcome: check === 'mismatch' ? 'failure' : 'neutral', error: codeError(check) };
}

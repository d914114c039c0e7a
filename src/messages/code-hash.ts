import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../storage/database.js';
import { systemSecret } from '../storage/system-secrets.js';
import { CODE_DIGITS } from './limits.js';

export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

// A keyed hash: a leaked table cannot be brute-forced over the million codes without the key,
// and the record id in the input makes one record's hash useless for another.
async function digest(db: Db, recordId: string, code: string): Promise<Buffer> {
  const key = await systemSecret(db, 'verification-code-key');
  return createHmac('sha256', key).update(`${recordId}:${code}`).digest();
}

export async function hashCode(db: Db, recordId: string, code: string): Promise<string> {
  return (await digest(db, recordId, code)).toString('base64url');
}

export async function codeMatches(db: Db, recordId: string, code: string, stored: string): Promise<boolean> {
  const expected = Buffer.from(stored, 'base64url');
  const actual = await digest(db, recordId, code);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

import { createHash, randomBytes } from 'node:crypto';

export const BACKUP_CODE_COUNT = 10;

// 10 characters of [a-z0-9] from 8 random bytes rendered in base 36: about 50 bits each, far
// beyond guessing within the lockout, so an unsalted SHA-256 is enough to keep them unreadable.
function newBackupCode(): string {
  return BigInt(`0x${randomBytes(8).toString('hex')}`)
    .toString(36)
    .padStart(10, '0')
    .slice(-10);
}

export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
}

/** Codes are typed by people: case, spaces and dashes do not matter. */
export function hashBackupCode(code: string): string {
  const normalized = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(normalized).digest('base64url');
}

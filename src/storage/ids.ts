import { createHash, randomBytes } from 'node:crypto';

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 21 characters of [a-z0-9]: about 108 bits, the shape of Logto's ids. */
export function newId(length = 21): string {
  return newIds(1, length)[0]!;
}

/** `count` ids from one draw of random bytes: a batch of rows pays one call, not one each. */
export function newIds(count: number, length = 21): string[] {
  const bytes = randomBytes(count * length * 2);
  const ids: string[] = [];
  let id = '';
  for (let i = 0; ids.length < count && i < bytes.length; i++) {
    const byte = bytes[i]!;
    // 252 = 7 * 36: rejecting the top bytes keeps every character equally likely.
    if (byte >= 252) continue;
    id += alphabet[byte % 36];
    if (id.length === length) {
      ids.push(id);
      id = '';
    }
  }
  // Twice the bytes needed run short only if more than half were rejected: draw for the rest.
  return ids.length === count ? ids : [...ids, ...newIds(count - ids.length, length)];
}

/** A secret of `bytes` random bytes, base64url. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** What a secret is stored as: its SHA-256 digest, hex. */
export function secretDigest(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

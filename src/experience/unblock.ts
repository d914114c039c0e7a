import type { Db } from '../storage/database.js';
import type { InteractionIdentifier } from '../storage/tables/experience.js';
import { phoneDigits } from '../users/phone.js';
import { findUserByIdentifier } from './accounts.repository.js';
import { normalizeIdentifier } from '../users/normalize-identifier.js';
import { deleteLockouts, type LockoutKey } from '../lockout/lockout.repository.js';

/**
 * What an unblock target may name: a lock is kept on the account an identifier resolves to, or on
 * the identifier itself when nobody has it, so each target is read as a username, an e-mail
 * address and a phone number, in any spelling, and the accounts those find are unblocked too.
 */
async function keysOf(db: Db, target: string): Promise<LockoutKey[]> {
  const readings: InteractionIdentifier[] = [{ type: 'username', value: target }];
  if (target.includes('@')) readings.push({ type: 'email', value: target });
  if (phoneDigits(target).length >= 5) readings.push({ type: 'phone', value: target });
  const keys: LockoutKey[] = readings.map((reading) => normalizeIdentifier(reading));
  for (const reading of readings) {
    const user = await findUserByIdentifier(db, reading);
    if (user) keys.push({ type: 'user', value: user.id });
  }
  return keys;
}

/** Logto's `POST /api/sentinel-activities/delete` for user targets: lifts their locks and counts. */
export async function unblockIdentifiers(db: Db, targets: string[]): Promise<void> {
  const keys = (await Promise.all(targets.map((target) => keysOf(db, target)))).flat();
  await deleteLockouts(db, keys);
}

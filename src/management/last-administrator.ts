import type { Transaction } from 'kysely';
import { apiError } from '../http/error-registry.js';
import type { Database } from '../storage/schema.js';
import {
  anotherActiveAdministrator,
  isActiveAdministrator,
  lockAdministrators,
} from './administrators.repository.js';

/**
 * Refuses a change that would leave the console without an administrator who can sign in:
 * deleting, suspending or taking the console role from the last one. Called before the change, in
 * its transaction; the lock makes two such changes to two administrators run one after the other,
 * so the second sees the first and is refused. An installation without console administrators
 * (run through the API alone) is unaffected: there is none to keep.
 */
export async function keepAnAdministrator(trx: Transaction<Database>, userId: string): Promise<void> {
  await lockAdministrators(trx);
  if (!(await isActiveAdministrator(trx, userId))) return;
  if (await anotherActiveAdministrator(trx, userId)) return;
  throw apiError('user.last_administrator');
}

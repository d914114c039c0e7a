import { sql, type Transaction } from 'kysely';
import type { Database } from '../storage/schema.js';
import { CONSOLE_ROLE_ID } from './seed.js';

type Trx = Transaction<Database>;

/** Serialises changes that may remove a console administrator, across requests and instances. */
export async function lockAdministrators(trx: Trx): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(7405214)`.execute(trx);
}

/** Console administrators who can sign in: they hold the console role and are not suspended. */
function activeAdministrators(trx: Trx) {
  return trx
    .selectFrom('users_roles as ur')
    .innerJoin('users as u', 'u.id', 'ur.user_id')
    .select('u.id')
    .where('ur.role_id', '=', CONSOLE_ROLE_ID)
    .where('u.is_suspended', '=', false);
}

export async function isActiveAdministrator(trx: Trx, userId: string): Promise<boolean> {
  return (await activeAdministrators(trx).where('u.id', '=', userId).executeTakeFirst()) !== undefined;
}

export async function anotherActiveAdministrator(trx: Trx, userId: string): Promise<boolean> {
  const row = await activeAdministrators(trx).where('u.id', '<>', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

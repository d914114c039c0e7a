import { sql, type Transaction } from 'kysely';
import type { Db } from '../storage/database.js';
import type { Database } from '../storage/schema.js';
import { CONSOLE_ROLE_ID } from '../management/seed.js';

type Trx = Transaction<Database>;

export async function administratorExists(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users_roles')
    .select('user_id')
    .where('role_id', '=', CONSOLE_ROLE_ID)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Serialises first-run setups across requests and instances for the rest of the transaction. */
export async function lockSetup(trx: Trx): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(7405213)`.execute(trx);
}

export async function grantAdministrator(trx: Trx, userId: string): Promise<void> {
  await trx.insertInto('users_roles').values({ user_id: userId, role_id: CONSOLE_ROLE_ID }).execute();
}

import { sql, type Transaction } from 'kysely';
import type { Db } from '../storage/database.js';
import type { Database } from '../storage/schema.js';
import { CONSOLE_ROLE_ID } from '../management/seed.js';

type Trx = Transaction<Database>;

/** What closed first-run setup; stored for the operator, never read by the service. */
export type SetupCloser = 'setup' | 'management_api' | 'create_admin';

export async function setupClosed(db: Db): Promise<boolean> {
  const row = await db.selectFrom('console_setup').select('id').executeTakeFirst();
  return row !== undefined;
}

/** Idempotent: the first closer is kept. */
export async function closeSetup(db: Db, closedBy: SetupCloser): Promise<void> {
  await db
    .insertInto('console_setup')
    .values({ closed_by: closedBy })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Serialises first-run setups across requests and instances for the rest of the transaction. */
export async function lockSetup(trx: Trx): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(7405213)`.execute(trx);
}

export async function grantAdministrator(trx: Trx, userId: string): Promise<void> {
  await trx
    .insertInto('users_roles')
    .values({ user_id: userId, role_id: CONSOLE_ROLE_ID })
    .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
    .execute();
}

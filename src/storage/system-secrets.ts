import type { Db } from './database.js';
import { newSecret } from './ids.js';

/** A named random secret shared by every instance: created once, then read. */
export async function systemSecret(db: Db, name: string): Promise<string> {
  await db
    .insertInto('system_secrets')
    .values({ name, value: newSecret(32) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('system_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}

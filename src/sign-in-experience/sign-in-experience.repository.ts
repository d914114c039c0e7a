import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';

const ID = 'default';

export async function findSettings(db: Db): Promise<Record<string, unknown> | undefined> {
  const row = await db
    .selectFrom('sign_in_experience')
    .select('settings')
    .where('id', '=', ID)
    .executeTakeFirst();
  return row?.settings;
}

export async function saveSettings(db: Db, settings: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('sign_in_experience')
    .values({ id: ID, settings: json(settings) })
    .onConflict((oc) => oc.column('id').doUpdateSet({ settings: json(settings), updated_at: new Date() }))
    .execute();
}

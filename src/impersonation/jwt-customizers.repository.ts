import { sql } from 'kysely';
import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';
import type { JwtCustomizerKey, JwtCustomizerValue } from '../storage/tables/impersonation.js';

export async function findJwtCustomizer(
  db: Db,
  key: JwtCustomizerKey,
): Promise<JwtCustomizerValue | undefined> {
  const row = await db
    .selectFrom('jwt_customizers')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

export async function listJwtCustomizers(db: Db) {
  return db.selectFrom('jwt_customizers').select(['key', 'value']).orderBy('key').execute();
}

/** Inserts or replaces; tells whether the row was new (201 rather than 200). */
export async function upsertJwtCustomizer(
  db: Db,
  key: JwtCustomizerKey,
  value: JwtCustomizerValue,
): Promise<{ created: boolean }> {
  const row = await db
    .insertInto('jwt_customizers')
    .values({ key, value: json(value) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json(value), updated_at: new Date() }))
    .returning(sql<boolean>`xmax = 0`.as('inserted'))
    .executeTakeFirstOrThrow();
  return { created: row.inserted };
}

export async function deleteJwtCustomizer(db: Db, key: JwtCustomizerKey): Promise<boolean> {
  const result = await db.deleteFrom('jwt_customizers').where('key', '=', key).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

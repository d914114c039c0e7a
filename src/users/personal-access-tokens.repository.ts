import type { Selectable } from 'kysely';
import type { Db } from '../storage/database.js';
import type { PersonalAccessTokensTable } from '../storage/tables/tokens.js';

export type PersonalAccessTokenRow = Selectable<PersonalAccessTokensTable>;

export function listTokens(db: Db, userId: string): Promise<PersonalAccessTokenRow[]> {
  return db
    .selectFrom('personal_access_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('name')
    .execute();
}

export async function tokenNameTaken(db: Db, userId: string, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('personal_access_tokens')
    .select('name')
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row !== undefined;
}

export function insertToken(
  db: Db,
  values: { user_id: string; name: string; digest: string; sealed_value: string; expires_at: Date | null },
): Promise<PersonalAccessTokenRow> {
  return db.insertInto('personal_access_tokens').values(values).returningAll().executeTakeFirstOrThrow();
}

export function renameToken(db: Db, userId: string, name: string, newName: string) {
  return db
    .updateTable('personal_access_tokens')
    .set({ name: newName })
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteToken(db: Db, userId: string, name: string): Promise<boolean> {
  const result = await db
    .deleteFrom('personal_access_tokens')
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The token a value stands for, with whether its user is suspended (for the exchange). */
export function findTokenByDigest(db: Db, digest: string) {
  return db
    .selectFrom('personal_access_tokens as pat')
    .innerJoin('users as u', 'u.id', 'pat.user_id')
    .select(['pat.user_id', 'pat.name', 'pat.expires_at', 'u.is_suspended'])
    .where('pat.digest', '=', digest)
    .executeTakeFirst();
}

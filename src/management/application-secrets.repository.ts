import type { Selectable } from 'kysely';
import type { Db } from '../storage/database.js';
import type { ApplicationSecretsTable } from '../storage/tables/core.js';

export type SecretRow = Selectable<ApplicationSecretsTable>;

export function listSecrets(db: Db, applicationId: string): Promise<SecretRow[]> {
  return db
    .selectFrom('application_secrets')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('created_at')
    .orderBy('name')
    .execute();
}

export async function secretNameTaken(db: Db, applicationId: string, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('application_secrets')
    .select('name')
    .where('application_id', '=', applicationId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row !== undefined;
}

export function insertSecret(
  db: Db,
  values: {
    application_id: string;
    name: string;
    digest: string;
    sealed_value: string | null;
    expires_at: Date | null;
  },
): Promise<SecretRow> {
  return db.insertInto('application_secrets').values(values).returningAll().executeTakeFirstOrThrow();
}

export function renameSecret(db: Db, applicationId: string, name: string, newName: string) {
  return db
    .updateTable('application_secrets')
    .set({ name: newName })
    .where('application_id', '=', applicationId)
    .where('name', '=', name)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteSecret(db: Db, applicationId: string, name: string): Promise<boolean> {
  const result = await db
    .deleteFrom('application_secrets')
    .where('application_id', '=', applicationId)
    .where('name', '=', name)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function removeLegacySecret(db: Db, applicationId: string): Promise<void> {
  await db.updateTable('applications').set({ secret: null }).where('id', '=', applicationId).execute();
}

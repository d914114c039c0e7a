import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';
import type { AccountCenter } from './account-center.schemas.js';

const ID = 'default';

export async function findAccountCenter(db: Db) {
  return db
    .selectFrom('account_center')
    .select(['enabled', 'fields', 'webauthn_related_origins'])
    .where('id', '=', ID)
    .executeTakeFirst();
}

export async function saveAccountCenter(db: Db, settings: AccountCenter): Promise<void> {
  const row = {
    enabled: settings.enabled,
    fields: json(settings.fields),
    webauthn_related_origins: json(settings.webauthnRelatedOrigins),
  };
  await db
    .insertInto('account_center')
    .values({ id: ID, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...row, updated_at: new Date() }))
    .execute();
}

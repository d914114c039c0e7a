import type { Db } from '../storage/database.js';
import type { ApplicationType, CustomClientMetadata } from '../storage/tables/core.js';

export interface ExchangeApplication {
  id: string;
  name: string;
  type: ApplicationType;
  description: string | null;
  isThirdParty: boolean;
  customClientMetadata: CustomClientMetadata;
  customData: Record<string, unknown>;
}

export async function findExchangeApplication(db: Db, id: string): Promise<ExchangeApplication | undefined> {
  const row = await db
    .selectFrom('applications')
    .select(['id', 'name', 'type', 'description', 'is_third_party', 'custom_client_metadata', 'custom_data'])
    .where('id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      name: row.name,
      type: row.type,
      description: row.description,
      isThirdParty: row.is_third_party,
      customClientMetadata: row.custom_client_metadata,
      customData: row.custom_data,
    }
  );
}

export async function isActiveUser(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('is_suspended').where('id', '=', userId).executeTakeFirst();
  return row !== undefined && !row.is_suspended;
}

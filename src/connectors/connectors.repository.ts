import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';
import type { Database } from '../storage/schema.js';
import type { ConnectorsTable, ConnectorType } from '../storage/tables/connectors.js';

export type ConnectorRow = Selectable<ConnectorsTable>;
type Trx = Transaction<Database>;

export async function listConnectors(db: Db, filter: { target?: string } = {}): Promise<ConnectorRow[]> {
  let query = db.selectFrom('connectors').selectAll();
  if (filter.target) query = query.where('target', '=', filter.target);
  return query.orderBy('created_at').orderBy('id').execute();
}

export async function findConnector(db: Db, id: string): Promise<ConnectorRow | undefined> {
  return db.selectFrom('connectors').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The newest connector of a type: e-mail and SMS have one at a time, so this is the one in use. */
export async function findConnectorOfType(db: Db, type: ConnectorType): Promise<ConnectorRow | undefined> {
  return db
    .selectFrom('connectors')
    .selectAll()
    .where('type', '=', type)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();
}

export async function findSocialConnectorByTarget(db: Db, target: string) {
  return db
    .selectFrom('connectors')
    .select('id')
    .where('type', '=', 'Social')
    .where('target', '=', target)
    .executeTakeFirst();
}

export async function insertConnector(
  trx: Trx,
  row: Omit<ConnectorRow, 'created_at' | 'updated_at' | 'config' | 'metadata'> & {
    config: Record<string, unknown>;
    metadata: Record<string, unknown>;
  },
): Promise<ConnectorRow> {
  return trx
    .insertInto('connectors')
    .values({ ...row, config: json(row.config), metadata: json(row.metadata) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateConnector(
  trx: Trx,
  id: string,
  change: {
    config?: Record<string, unknown>;
    metadata?: Record<string, unknown>;
    target?: string | null;
    sync_profile?: boolean;
  },
): Promise<ConnectorRow | undefined> {
  return trx
    .updateTable('connectors')
    .set({
      ...(change.config ? { config: json(change.config) } : {}),
      ...(change.metadata ? { metadata: json(change.metadata) } : {}),
      ...(change.target !== undefined ? { target: change.target } : {}),
      ...(change.sync_profile !== undefined ? { sync_profile: change.sync_profile } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function lockConnector(trx: Trx, id: string): Promise<ConnectorRow | undefined> {
  return trx.selectFrom('connectors').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function deleteConnector(trx: Trx, id: string): Promise<boolean> {
  const result = await trx.deleteFrom('connectors').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Creating an e-mail or SMS connector replaces the one of its type, as in Logto. */
export async function deleteConnectorsOfType(trx: Trx, type: ConnectorType): Promise<void> {
  await trx.deleteFrom('connectors').where('type', '=', type).execute();
}

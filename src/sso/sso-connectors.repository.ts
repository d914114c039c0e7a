import { sql, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';
import { pageWithTotal } from '../storage/paging.js';
import type { Database } from '../storage/schema.js';
import type { SsoConnectorsTable } from '../storage/tables/connectors.js';

export type SsoConnectorRow = Selectable<SsoConnectorsTable>;
type Trx = Transaction<Database>;

export interface SsoConnectorValues {
  provider_name?: string;
  connector_name?: string;
  config?: Record<string, unknown>;
  domains?: string[];
  branding?: Record<string, unknown>;
  sync_profile?: boolean;
}

const jsonValues = (values: SsoConnectorValues) => ({
  ...values,
  ...(values.config ? { config: json(values.config) } : {}),
  ...(values.branding ? { branding: json(values.branding) } : {}),
});

export async function insertSsoConnector(trx: Trx, id: string, values: Required<SsoConnectorValues>) {
  return trx
    .insertInto('sso_connectors')
    .values({ id, ...jsonValues(values) } as never)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateSsoConnector(trx: Trx, id: string, values: SsoConnectorValues) {
  return trx
    .updateTable('sso_connectors')
    .set({ ...jsonValues(values), updated_at: new Date() } as never)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function findSsoConnector(db: Db, id: string): Promise<SsoConnectorRow | undefined> {
  return db.selectFrom('sso_connectors').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findSsoConnectorByName(db: Db, name: string) {
  return db.selectFrom('sso_connectors').select('id').where('connector_name', '=', name).executeTakeFirst();
}

export async function listSsoConnectors(db: Db, bounds: { limit: number; offset: number }) {
  return pageWithTotal(
    db.selectFrom('sso_connectors'),
    (q) => q.selectAll().orderBy('created_at').orderBy('id'),
    bounds,
  );
}

export async function deleteSsoConnector(trx: Trx, id: string): Promise<boolean> {
  const result = await trx.deleteFrom('sso_connectors').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The connectors that claim any domain: the ones a sign-in page can route to. */
export async function listSsoConnectorsWithDomains(db: Db): Promise<SsoConnectorRow[]> {
  return db
    .selectFrom('sso_connectors')
    .selectAll()
    .where(sql<boolean>`cardinality(domains) > 0`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Connectors claiming an e-mail domain (the identifier step routes those users to SSO). */
export async function ssoConnectorIdsForDomain(db: Db, domain: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sso_connectors')
    .select('id')
    .where(sql<boolean>`domains @> ARRAY[${domain}]::text[]`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function findUserBySsoIdentity(db: Db, issuer: string, identityId: string) {
  return db
    .selectFrom('user_sso_identities')
    .select('user_id')
    .where('issuer', '=', issuer)
    .where('identity_id', '=', identityId)
    .executeTakeFirst();
}

/** True when the identity was new to the user. */
export async function insertSsoIdentity(
  trx: Trx,
  row: {
    userId: string;
    connectorId: string;
    issuer: string;
    identityId: string;
    detail: Record<string, unknown>;
  },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('user_sso_identities')
    .values({
      id: crypto.randomUUID(),
      user_id: row.userId,
      sso_connector_id: row.connectorId,
      issuer: row.issuer,
      identity_id: row.identityId,
      detail: json(row.detail),
    })
    .onConflict((oc) => oc.columns(['issuer', 'identity_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { likePattern } from '../http/route-schemas.js';
import type { Database } from '../storage/schema.js';
import { pageWithTotal } from '../storage/paging.js';
import { json } from '../storage/json.js';
import type {
  OrganizationBranding,
  OrganizationColor,
  OrganizationsTable,
} from '../storage/tables/organizations.js';

type Db = Kysely<Database>;
export type OrganizationRow = Selectable<OrganizationsTable>;

export interface OrganizationFields {
  name?: string;
  description?: string | null;
  customData?: Record<string, unknown>;
  isMfaRequired?: boolean;
  branding?: OrganizationBranding;
  color?: OrganizationColor;
  customCss?: string | null;
}

/** The columns of the fields given; a field left out is left alone. */
function columns(fields: OrganizationFields) {
  return {
    ...(fields.name === undefined ? {} : { name: fields.name }),
    ...(fields.description === undefined ? {} : { description: fields.description }),
    ...(fields.customData === undefined ? {} : { custom_data: json(fields.customData) }),
    ...(fields.isMfaRequired === undefined ? {} : { is_mfa_required: fields.isMfaRequired }),
    ...(fields.branding === undefined ? {} : { branding: json(fields.branding) }),
    ...(fields.color === undefined ? {} : { color: json(fields.color) }),
    ...(fields.customCss === undefined ? {} : { custom_css: fields.customCss }),
  };
}

export async function insertOrganization(
  db: Db,
  row: { id: string; name: string } & OrganizationFields,
): Promise<OrganizationRow> {
  return db
    .insertInto('organizations')
    .values({ ...columns(row), id: row.id, name: row.name, custom_data: json(row.customData ?? {}) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findOrganization(db: Db, id: string): Promise<OrganizationRow | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Locks the organization row for the rest of the transaction, so membership writes on one
 * organization are serialised and each computes its delta against a stable set. `NO KEY UPDATE`
 * still lets other transactions insert rows that reference the organization.
 */
export async function lockOrganization(trx: Transaction<Database>, id: string): Promise<boolean> {
  const row = await trx
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', id)
    .forNoKeyUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export async function listOrganizations(
  db: Db,
  { limit, offset, search }: { limit: number; offset: number; search?: string },
): Promise<{ total: number; rows: OrganizationRow[] }> {
  let query = db.selectFrom('organizations');
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) =>
      eb.or([eb('name', 'ilike', pattern), eb('id', 'ilike', pattern), eb('description', 'ilike', pattern)]),
    );
  }
  return pageWithTotal(query, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id'), {
    limit,
    offset,
  });
}

export async function updateOrganization(
  trx: Transaction<Database>,
  id: string,
  fields: OrganizationFields,
): Promise<OrganizationRow | undefined> {
  const set = columns(fields);
  if (Object.keys(set).length === 0) return findOrganization(trx, id);
  return trx.updateTable('organizations').set(set).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteOrganization(trx: Transaction<Database>, id: string): Promise<boolean> {
  const result = await trx.deleteFrom('organizations').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Ids of `ids` (in request order) that name no row of `table`; at most `limit` of them. */
export async function missingIds(
  db: Db,
  table:
    'users' | 'applications' | 'organization_roles' | 'organization_scopes' | 'sso_connectors' | 'scopes',
  ids: readonly string[],
  limit = 100,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    SELECT r.id FROM unnest(${ids}::text[]) WITH ORDINALITY AS r(id, ord)
    WHERE NOT EXISTS (SELECT 1 FROM ${sql.table(table)} t WHERE t.id = r.id)
    ORDER BY r.ord LIMIT ${limit}
  `.execute(db);
  return rows.map((row) => row.id);
}

import { sql, type Kysely, type Transaction } from 'kysely';
import { pageWithTotal } from '../storage/paging.js';
import type { Database } from '../storage/schema.js';
import type { OrganizationRoleType } from '../storage/tables/organizations.js';
import { likePattern } from '../http/route-schemas.js';

/** Organization roles and organization scopes share one shape: id, unique name, description. */
export type NamedTable = 'organization_roles' | 'organization_scopes';

export interface NamedRow {
  id: string;
  name: string;
  description: string | null;
  created_at: Date;
  /** Organization roles only. */
  type?: OrganizationRoleType;
}

type Db = Kysely<Database>;

export async function insertNamed(
  trx: Transaction<Database>,
  table: NamedTable,
  row: { id: string; name: string; description: string | null; type?: OrganizationRoleType },
): Promise<NamedRow> {
  return trx.insertInto(table).values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findNamed(db: Db, table: NamedTable, id: string): Promise<NamedRow | undefined> {
  return db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether another row already uses `name` (the unique index stays the last word under races). */
export async function nameTaken(
  db: Db,
  table: NamedTable,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  let query = db.selectFrom(table).select('id').where('name', '=', name);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function listNamed(
  db: Db,
  table: NamedTable,
  {
    limit,
    offset,
    search,
    type,
  }: { limit: number; offset: number; search?: string; type?: OrganizationRoleType },
): Promise<{ total: number; rows: NamedRow[] }> {
  let query = db.selectFrom(table);
  if (search) query = query.where('name', 'ilike', likePattern(search));
  // Only organization roles have a type.
  if (type) query = query.where(sql.ref('type'), '=', type);
  return pageWithTotal(query, (q) => q.selectAll().orderBy('created_at').orderBy('id'), { limit, offset });
}

export async function updateNamed(
  trx: Transaction<Database>,
  table: NamedTable,
  id: string,
  fields: { name?: string; description?: string | null; type?: OrganizationRoleType },
): Promise<NamedRow | undefined> {
  const set = {
    ...(fields.type === undefined ? {} : { type: fields.type }),
    ...(fields.name === undefined ? {} : { name: fields.name }),
    ...(fields.description === undefined ? {} : { description: fields.description }),
  };
  if (Object.keys(set).length === 0) return findNamed(trx, table, id);
  return trx.updateTable(table).set(set).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteNamed(
  trx: Transaction<Database>,
  table: NamedTable,
  id: string,
): Promise<boolean> {
  const result = await trx.deleteFrom(table).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The rows of `table` named by `names`, one statement whatever the number of names. */
export async function findNamedByNames(
  db: Db,
  table: NamedTable,
  names: readonly string[],
): Promise<{ id: string; name: string }[]> {
  if (names.length === 0) return [];
  return db.selectFrom(table).select(['id', 'name']).where('name', 'in', names).execute();
}

/** Of `ids`, the organization roles whose type is not `type`. */
export async function rolesNotOfType(
  db: Db,
  ids: readonly string[],
  type: OrganizationRoleType,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('organization_roles')
    .select('id')
    .where('id', 'in', [...ids])
    .where('type', '<>', type)
    .execute();
  return rows.map((row) => row.id);
}

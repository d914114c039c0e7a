import { sql, type Transaction } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/** Kysely's own bookkeeping: the target has it from its own migration run. */
const migrationTables = ['kysely_migration', 'kysely_migration_lock'];
const batchRows = 500;

export interface TableCopy {
  table: string;
  rows: number;
}

/**
 * Copies every row of every table in `source` into `target`, which has the same schema (both
 * migrated to the latest version) and holds only what the migrations write (see `tablesInUse`):
 * those rows are replaced. Runs in one transaction on the target, so a failure leaves it as it was.
 */
export async function copyAllTables(source: Db, target: Db): Promise<TableCopy[]> {
  const tables = await listTables(source);
  return target.transaction().execute(async (trx) => {
    const keys = await foreignKeys(trx);
    const order = insertionOrder(tables, keys);
    for (const table of [...order].reverse()) await sql`DELETE FROM ${sql.table(table)}`.execute(trx);
    const copies: TableCopy[] = [];
    for (const table of order) {
      const selfReferencing = keys.some((key) => key.child === table && key.parent === table);
      const columns = await writableColumns(trx, table);
      copies.push({ table, rows: await copyTable(source, trx, table, columns, selfReferencing) });
    }
    await realignSequences(trx);
    return copies;
  });
}

/**
 * Tables holding rows that no migration wrote. Kysely applies each migration in one transaction
 * with its bookkeeping row, so a row whose `xmin` (inserting transaction) is not one of those
 * came from use: a database only migrated (or left by a failed copy) counts as empty.
 */
export async function tablesInUse(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const table of await listTables(db)) {
    const { rows } = await sql<{ used: boolean }>`
      SELECT EXISTS (
        SELECT 1 FROM ${sql.table(table)} t
        WHERE t.xmin::text NOT IN (SELECT m.xmin::text FROM kysely_migration m)
      ) AS used`.execute(db);
    if (rows[0]?.used) found.push(table);
  }
  return found;
}

/** Whether the database has Kysely's migration bookkeeping. */
export async function hasMigrationTable(db: Db): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    SELECT to_regclass('public.kysely_migration') IS NOT NULL AS found`.execute(db);
  return rows[0]?.found ?? false;
}

/** Every table (or partitioned table) in the public schema, except the migration bookkeeping. */
export async function listTables(db: Db | Transaction<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
    ORDER BY c.relname`.execute(db);
  return rows.map((row) => row.name).filter((name) => !migrationTables.includes(name));
}

interface ForeignKey {
  child: string;
  parent: string;
}

async function foreignKeys(trx: Transaction<Database>): Promise<ForeignKey[]> {
  const { rows } = await sql<ForeignKey>`
    SELECT child.relname AS child, parent.relname AS parent
    FROM pg_constraint k
    JOIN pg_class child ON child.oid = k.conrelid
    JOIN pg_class parent ON parent.oid = k.confrelid
    WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace`.execute(trx);
  return rows;
}

/** Parents before children, so that no foreign key is checked against a row not yet copied. */
export function insertionOrder(tables: string[], keys: ForeignKey[]): string[] {
  const order: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: string): void => {
    if (placed.has(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const key of keys) if (key.child === table && key.parent !== table) place(key.parent);
    visiting.delete(table);
    placed.add(table);
    if (tables.includes(table)) order.push(table);
  };
  for (const table of tables) place(table);
  return order;
}

/** Columns a row can be given: generated columns are computed by the target. */
async function writableColumns(trx: Transaction<Database>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT a.attname AS name FROM pg_attribute a
    WHERE a.attrelid = ${`public.${table}`}::regclass AND a.attnum > 0 AND NOT a.attisdropped
      AND a.attgenerated = ''
    ORDER BY a.attnum`.execute(trx);
  return rows.map((row) => row.name);
}

/**
 * Reads the source in physical order, a batch at a time, as JSON text (which keeps every type's
 * exact text form: bytea, timestamps to the microsecond, jsonb), and lets the target parse it back
 * into its own row type. A table that references itself is copied in one statement, since
 * foreign keys are checked at the end of each statement.
 */
async function copyTable(
  source: Db,
  trx: Transaction<Database>,
  table: string,
  columns: string[],
  selfReferencing: boolean,
): Promise<number> {
  const limit = selfReferencing ? sql`ALL` : sql.lit(batchRows);
  const columnList = sql.join(columns.map((column) => sql.id(column)));
  let after = '(0,0)';
  let copied = 0;
  for (;;) {
    const { rows } = await sql<{ position: string; row: string }>`
      SELECT t.ctid::text AS position, row_to_json(t)::text AS row FROM ${sql.table(table)} t
      WHERE t.ctid > ${after}::tid ORDER BY t.ctid LIMIT ${limit}`.execute(source);
    if (rows.length === 0) return copied;
    await sql`
      INSERT INTO ${sql.table(table)} (${columnList}) OVERRIDING SYSTEM VALUE
      SELECT ${columnList} FROM json_populate_recordset(NULL::${sql.table(table)}, ${`[${rows.map((r) => r.row).join(',')}]`}::json)`.execute(
      trx,
    );
    copied += rows.length;
    after = rows[rows.length - 1]!.position;
    if (selfReferencing) return copied;
  }
}

/** A sequence owned by a column continues after the highest value copied into it. */
async function realignSequences(trx: Transaction<Database>): Promise<void> {
  const { rows } = await sql<{ sequence: string; table: string; column: string }>`
    SELECT s.oid::regclass::text AS sequence, t.relname AS table, a.attname AS column
    FROM pg_depend d
    JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
    JOIN pg_class t ON t.oid = d.refobjid
    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
    JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
    WHERE d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass
      AND d.deptype IN ('a', 'i')`.execute(trx);
  for (const { sequence, table, column } of rows) {
    await sql`
      SELECT setval(${sequence}::regclass, COALESCE(MAX(${sql.id(column)}), 0) + 1, false)
      FROM ${sql.table(table)}`.execute(trx);
  }
}

import { CompiledQuery, type RawBuilder } from 'kysely';
import type { Db } from './database.js';

/**
 * Runs a hot statement as a named prepared statement: node-postgres prepares it once per pooled
 * connection, and PostgreSQL then skips parsing and (after a few runs, with a generic plan)
 * planning. For the token-exchange consume that halves the database's CPU per exchange.
 *
 * Kysely's PostgreSQL driver hands `sql` to `pg`'s `client.query()` untouched, and `pg` accepts a
 * query config `{ name, text }` there; nothing else in the chain reads it (no Kysely plugins or
 * query log are configured). A statement's text must never change under the same name.
 */
export async function executePrepared<R>(
  db: Db,
  name: string,
  text: string,
  parameters: readonly unknown[],
): Promise<R[]> {
  const raw = CompiledQuery.raw(text, [...parameters]);
  const named = { ...raw, sql: { name, text } as unknown as string };
  const { rows } = await db.executeQuery<R>(named);
  return rows;
}

/**
 * `executePrepared` for a `sql` template: its text depends only on the template, never on the
 * values (each becomes a parameter), so one name fits every call.
 */
export function executePreparedSql<R>(db: Db, name: string, query: RawBuilder<R>): Promise<R[]> {
  const { sql: text, parameters } = query.compile(db);
  return executePrepared<R>(db, name, text, parameters);
}

import { sql, type RawBuilder } from 'kysely';
import type { Db } from './database.js';

/**
 * A condition that is always true and, evaluated, makes the statement's own transaction commit
 * without waiting for the WAL flush (`synchronous_commit = off`, transaction-local, so it ends with
 * the statement and never reaches the next user of the pooled connection). PostgreSQL plans it as a
 * one-time filter, evaluated once before the statement reads or writes a row; it costs no extra
 * round trip. A crash of the database server may then lose the last fraction of a second of such
 * commits, never make them half-applied: only for work that is safe to redo (see the webhooks
 * section of `docs/architecture.md`).
 *
 * Only for a statement run on its own: inside a transaction it would make the caller's whole
 * transaction non-durable, so given a transaction it throws.
 */
export function asyncCommit(db: Db): RawBuilder<boolean> {
  if (db.isTransaction) throw new Error('asyncCommit applies to a statement outside a transaction');
  return sql<boolean>`(SELECT set_config('synchronous_commit', 'off', true)) IS NOT NULL`;
}

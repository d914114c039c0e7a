import type { Db } from '../storage/database.js';
import { groupCommit } from '../storage/group-commit.js';
import { newIds } from '../storage/ids.js';
import { json } from '../storage/json.js';
import { executePrepared } from '../storage/prepared-statement.js';
import type { LogEntry } from './write-log.js';

/**
 * An INSERT of audit records from five parallel arrays, the statement parameters `$first` to
 * `$first+4` (ids, keys, user ids, application ids, JSON payloads): the same text for any number
 * of records, so it is prepared once per connection. Also a part of other grouped statements.
 */
export function insertLogsSql(first: number): string {
  const [ids, keys, users, applications, payloads] = [0, 1, 2, 3, 4].map((n) => `$${first + n}::text[]`);
  return `INSERT INTO logs (id, key, user_id, application_id, payload)
    SELECT id, key, user_id, application_id, payload::jsonb
    FROM unnest(${ids}, ${keys}, ${users}, ${applications}, ${payloads}) AS l(id, key, user_id, application_id, payload)`;
}

/** The parameters of `insertLogsSql`, in its order. */
export function logColumns(entries: readonly LogEntry[]): (string | null)[][] {
  return [
    newIds(entries.length),
    entries.map((entry) => entry.key),
    entries.map((entry) => entry.userId ?? null),
    entries.map((entry) => entry.applicationId ?? null),
    entries.map((entry) => json({ key: entry.key, ...entry.payload })),
  ];
}

const insertLogs = async (db: Db, entries: LogEntry[]): Promise<void[]> => {
  await executePrepared(db, 'tessera_insert_logs', insertLogsSql(1), logColumns(entries));
  return [];
};

/**
 * Appends one audit record outside any transaction, folded with concurrent ones into one insert
 * (a group commit); resolves once its own record is committed.
 */
export const writeLogBatched: (db: Db, entry: LogEntry) => Promise<void> = groupCommit(insertLogs);

import type { Db } from '../storage/database.js';
import { groupCommit } from '../storage/group-commit.js';
import { newIds } from '../storage/ids.js';
import { json } from '../storage/json.js';
import { executePrepared } from '../storage/prepared-statement.js';
import type { LogEntry } from './write-log.js';

/**
 * An INSERT of audit records from one JSON array, the statement parameter `$parameter` (see
 * `logRecords`): the same text for any number of records, so it is prepared once per connection.
 * Also a part of other grouped statements. One JSON text costs less to send than parallel text
 * arrays (`pg` escapes every quote of each payload for an array literal), and its row estimate
 * does not depend on the number of records, so PostgreSQL keeps one generic plan for the statement.
 */
export function insertLogsSql(parameter: number): string {
  return `INSERT INTO logs (id, key, user_id, application_id, payload)
    SELECT id, key, user_id, application_id, payload
    FROM jsonb_to_recordset($${parameter}::jsonb)
      AS l(id text, key text, user_id text, application_id text, payload jsonb)`;
}

/** The parameter of `insertLogsSql`: the records as one JSON array. */
export function logRecords(entries: readonly LogEntry[]): string {
  const ids = newIds(entries.length);
  return json(
    entries.map((entry, index) => ({
      id: ids[index],
      key: entry.key,
      user_id: entry.userId ?? null,
      application_id: entry.applicationId ?? null,
      payload: { key: entry.key, ...entry.payload },
    })),
  );
}

const insertLogs = async (db: Db, entries: LogEntry[]): Promise<void[]> => {
  await executePrepared(db, 'tessera_insert_logs', insertLogsSql(1), [logRecords(entries)]);
  return [];
};

/**
 * Appends one audit record outside any transaction, folded with concurrent ones into one insert
 * (a group commit); resolves once its own record is committed.
 */
export const writeLogBatched: (db: Db, entry: LogEntry) => Promise<void> = groupCommit(insertLogs);

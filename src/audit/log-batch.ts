import type { Db } from '../storage/database.js';
import { groupCommit } from '../storage/group-commit.js';
import { newId } from '../storage/ids.js';
import { json } from '../storage/json.js';
import type { LogEntry } from './write-log.js';

const insertLogs = async (db: Db, entries: LogEntry[]): Promise<void[]> => {
  await db
    .insertInto('logs')
    .values(
      entries.map((entry) => ({
        id: newId(),
        key: entry.key,
        user_id: entry.userId ?? null,
        application_id: entry.applicationId ?? null,
        payload: json({ key: entry.key, ...entry.payload }),
      })),
    )
    .execute();
  return [];
};

/**
 * Appends one audit record outside any transaction, folded with concurrent ones into one insert
 * (a group commit); resolves once its own record is committed.
 */
export const writeLogBatched: (db: Db, entry: LogEntry) => Promise<void> = groupCommit(insertLogs);

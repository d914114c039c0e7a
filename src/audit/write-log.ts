import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import { newId } from '../storage/ids.js';
import { json } from '../storage/json.js';

export interface LogEntry {
  /** Dotted key, e.g. `ExchangeTokenBy.TokenExchange`, `TriggerHook.User.Created`. */
  key: string;
  userId?: string | null;
  applicationId?: string | null;
  /** Never a token, secret or password. */
  payload: Record<string, unknown>;
}

/** Appends one audit log record; works inside or outside a transaction. */
export async function writeLog(db: Kysely<Database>, entry: LogEntry): Promise<string> {
  const id = newId();
  await db
    .insertInto('logs')
    .values({
      id,
      key: entry.key,
      user_id: entry.userId ?? null,
      application_id: entry.applicationId ?? null,
      payload: json({ key: entry.key, ...entry.payload }),
    })
    .execute();
  return id;
}

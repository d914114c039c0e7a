import { sql } from 'kysely';
import type { Db } from '../storage/database.js';
import { pageWithTotal } from '../storage/paging.js';

export interface LogFilter {
  /** An exact key, or a prefix followed by `*` (`TriggerHook.*`). */
  key?: string;
  /** The payload's `result`: `Success` or `Error`. */
  result?: 'Success' | 'Error';
  userId?: string;
  applicationId?: string;
  startTime?: Date;
  endTime?: Date;
}

function filtered(db: Db, filter: LogFilter) {
  let query = db.selectFrom('logs');
  if (filter.key?.endsWith('*')) {
    const prefix = filter.key.slice(0, -1).replace(/[\\%_]/g, (char) => `\\${char}`);
    query = query.where('key', 'like', `${prefix}%`);
  } else if (filter.key) query = query.where('key', '=', filter.key);
  if (filter.result) query = query.where(sql`payload->>'result'`, '=', filter.result);
  if (filter.userId) query = query.where('user_id', '=', filter.userId);
  if (filter.applicationId) query = query.where('application_id', '=', filter.applicationId);
  if (filter.startTime) query = query.where('created_at', '>=', filter.startTime);
  if (filter.endTime) query = query.where('created_at', '<', filter.endTime);
  return query;
}

/** Newest first, and the total count of the filter for `Total-Number`. */
export async function findLogs(db: Db, filter: LogFilter, limit: number, offset: number) {
  return pageWithTotal(
    filtered(db, filter),
    (q) =>
      q.select(['id', 'key', 'payload', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc'),
    { limit, offset },
  );
}

export async function findLog(db: Db, id: string) {
  return db
    .selectFrom('logs')
    .select(['id', 'key', 'payload', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

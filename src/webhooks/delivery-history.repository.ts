import { sql } from 'kysely';
import type { Clock } from '../storage/clock.js';
import type { Db } from '../storage/database.js';
import type { DeliveryStatus, StoredAttempt } from '../storage/tables/webhooks.js';

export async function countDeliveries(db: Db, hookId: string, status?: DeliveryStatus): Promise<number> {
  let query = db
    .selectFrom('hook_deliveries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('hook_id', '=', hookId);
  if (status) query = query.where('status', '=', status);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/** A page of one hook's deliveries, newest first, each with its attempts in order. */
export async function listDeliveries(
  db: Db,
  hookId: string,
  filter: { status?: DeliveryStatus; deliveryId?: string; limit: number; offset: number },
) {
  let query = db
    .selectFrom('hook_deliveries')
    .select(['id', 'hook_id', 'event', 'status', 'next_attempt_at', 'created_at', 'attempt_history'])
    .where('hook_id', '=', hookId);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.deliveryId) query = query.where('id', '=', filter.deliveryId);
  const deliveries = await query
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return deliveries.map(({ attempt_history, ...delivery }) => ({
    ...delivery,
    attempts: attempt_history.map(readAttempt),
  }));
}

function readAttempt(stored: StoredAttempt) {
  return {
    ...stored,
    next_attempt_at: stored.next_attempt_at === null ? null : new Date(stored.next_attempt_at),
    created_at: new Date(stored.created_at),
  };
}

export type DeliveryWithAttempts = Awaited<ReturnType<typeof listDeliveries>>[number];

/**
 * Makes a delivery due now with a fresh retry schedule. Refused while an attempt is in flight,
 * so a redelivery never races the worker that holds the lease.
 */
export async function redeliver(
  db: Db,
  clock: Clock,
  hookId: string,
  deliveryId: string,
): Promise<'queued' | 'in_flight' | 'not_found'> {
  const now = clock.sqlNow();
  const updated = await sql<{ id: string }>`
    UPDATE hook_deliveries
    SET status = 'pending', next_attempt_at = ${now}, schedule_base = attempts,
        lease_expires_at = NULL, leased_by = NULL, updated_at = now()
    WHERE id = ${deliveryId} AND hook_id = ${hookId}
      AND (lease_expires_at IS NULL OR lease_expires_at <= ${now})
    RETURNING id
  `.execute(db);
  if (updated.rows.length > 0) return 'queued';
  const exists = await db
    .selectFrom('hook_deliveries')
    .select('id')
    .where('id', '=', deliveryId)
    .where('hook_id', '=', hookId)
    .executeTakeFirst();
  return exists ? 'in_flight' : 'not_found';
}

export async function findDelivery(db: Db, hookId: string, deliveryId: string) {
  const [delivery] = await listDeliveries(db, hookId, { deliveryId, limit: 1, offset: 0 });
  return delivery;
}

/**
 * The audit logs of one hook's attempts from the last 24 hours, newest first. The count and the
 * page see one snapshot, so an attempt recorded in between is in both or in neither.
 */
export function recentHookLogs(
  db: Db,
  hookId: string,
  filter: { logKey?: string; limit: number; offset: number },
) {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) => recentHookLogsIn(trx, hookId, filter));
}

async function recentHookLogsIn(
  db: Db,
  hookId: string,
  filter: { logKey?: string; limit: number; offset: number },
) {
  let query = db
    .selectFrom('logs')
    .where('key', 'like', 'TriggerHook.%')
    .where(sql<string>`payload ->> 'hookId'`, '=', hookId)
    .where('created_at', '>', sql<Date>`now() - interval '24 hours'`);
  if (filter.logKey) query = query.where('key', '=', filter.logKey);
  const total = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .select(['id', 'key', 'payload', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { total: Number(total.count), rows };
}

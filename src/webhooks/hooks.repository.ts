import { sql, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';
import type { HooksTable } from '../storage/tables/webhooks.js';

export type HookRow = Selectable<HooksTable>;

export interface NewHook {
  id: string;
  name: string;
  events: string[];
  url: string;
  headers: Record<string, string>;
  signingKey: string;
  enabled: boolean;
}

export async function insertHook(db: Db, hook: NewHook): Promise<HookRow> {
  return db
    .insertInto('hooks')
    .values({
      id: hook.id,
      name: hook.name,
      events: hook.events,
      url: hook.url,
      headers: json(hook.headers),
      signing_key: hook.signingKey,
      enabled: hook.enabled,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findHook(db: Db, id: string): Promise<HookRow | undefined> {
  return db.selectFrom('hooks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countHooks(db: Db): Promise<number> {
  const row = await db
    .selectFrom('hooks')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listHooks(db: Db, page: { limit: number; offset: number }): Promise<HookRow[]> {
  return db
    .selectFrom('hooks')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export interface HookChanges {
  name?: string;
  events?: string[];
  url?: string;
  headers?: Record<string, string>;
  signingKey?: string;
  enabled?: boolean;
}

export async function updateHook(db: Db, id: string, changes: HookChanges): Promise<HookRow | undefined> {
  const set: Updateable<HooksTable> = { updated_at: new Date() };
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.events !== undefined) set.events = changes.events;
  if (changes.url !== undefined) set.url = changes.url;
  if (changes.headers !== undefined) set.headers = json(changes.headers);
  if (changes.signingKey !== undefined) set.signing_key = changes.signingKey;
  if (changes.enabled !== undefined) set.enabled = changes.enabled;
  return db.updateTable('hooks').set(set).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Deletes the hook with its deliveries. */
export async function deleteHook(db: Db, id: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    WITH deliveries AS (DELETE FROM hook_deliveries WHERE hook_id = ${id})
    DELETE FROM hooks WHERE id = ${id} RETURNING id
  `.execute(db);
  return rows.length > 0;
}

/**
 * Attempts of the last 24 hours per hook, as Logto's `executionStats`: from the audit log, which
 * has a `TriggerHook.*` row for every attempt (`Success` for a 2xx answer).
 */
export async function executionStats(
  db: Db,
  hookIds: string[],
): Promise<Map<string, { requestCount: number; successCount: number }>> {
  const stats = new Map<string, { requestCount: number; successCount: number }>();
  if (hookIds.length === 0) return stats;
  const { rows } = await sql<{ hook_id: string; requests: string; successes: string }>`
    SELECT payload ->> 'hookId' AS hook_id, count(*) AS requests,
           count(*) FILTER (WHERE payload ->> 'result' = 'Success') AS successes
    FROM logs
    WHERE key LIKE 'TriggerHook.%' AND payload ->> 'hookId' = ANY (${hookIds}::text[])
      AND created_at > now() - interval '24 hours'
    GROUP BY 1
  `.execute(db);
  for (const row of rows) {
    stats.set(row.hook_id, { requestCount: Number(row.requests), successCount: Number(row.successes) });
  }
  return stats;
}

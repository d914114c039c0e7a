import { sql, type Kysely, type RawBuilder } from 'kysely';
import { asyncCommit } from '../storage/async-commit.js';
import { systemClock, type Clock } from '../storage/clock.js';
import type { Db } from '../storage/database.js';
import { newIds } from '../storage/ids.js';
import { jsonRows } from '../storage/json-rows.js';
import { executePreparedSql } from '../storage/prepared-statement.js';
import type { Database } from '../storage/schema.js';
import type { DeliveryStatus } from '../storage/tables/webhooks.js';

/** Rows for this instance's worker to send at once, leased to it as they are written. */
export interface DirectLease {
  leaseMs: number;
  /** The instance taking the rows (`instances.id`): its silence hands them to another before the lease ends. */
  owner?: string;
  /** Hooks whose rows stay in the database for a later claim (their queue here is full). */
  skipHookIds: string[];
}

/** What the next claim may take: hooks with no room are left out, the others take at most their room. */
export interface ClaimRoom {
  fullHookIds: string[];
  hookIds: string[];
  rooms: number[];
}

export interface InsertedDeliveries {
  written: number;
  /** The rows written leased (with the lease given), ready to send once the transaction commits. */
  leased: ClaimedDelivery[];
}

/**
 * One row per (event, enabled hook subscribed to it), in one statement: ten hooks or ten events
 * cost no more round trips than one. Each body is `{"hookId":"<id>",` + the event's members.
 * Given a lease, each row of a hook not skipped is written already leased (as a claim would
 * leave it) and comes back with what a send needs, so the writing instance sends it after the
 * commit without a claim; should that instance die first, the lease runs out and any claim takes
 * the row. The lease starts at the statement's time, later than the caller's clock read before it.
 * Prepared: it runs in every writing transaction that fires an event; both forms keep one generic
 * plan (with the events as `unnest` arrays PostgreSQL planned every run anew: ≈ 110 µs of planning
 * per write with no hook subscribed, beside ≈ 10 µs of execution).
 */
export async function insertDeliveries(
  executor: Kysely<Database>,
  events: { event: string; bodyWithoutHookId: string }[],
  lease?: DirectLease,
  clock: Clock = systemClock,
  traceParent: string | null = null,
): Promise<InsertedDeliveries> {
  const written = { lease, clock, traceParent };
  const rows = await (events.length === 1
    ? insertOneEvent(executor, events[0]!, written)
    : insertEvents(executor, events, written));
  return { written: rows.length, leased: rows.filter((row) => row.leased) };
}

type InsertedRow = ClaimedDelivery & { leased: boolean };

/** How the rows are written: leased or not, at the clock's time, with the writer's trace. */
interface WriteOptions {
  lease: DirectLease | undefined;
  clock: Clock;
  traceParent: string | null;
}

/**
 * The usual case, one event, with plain parameters: a third less of PostgreSQL's time than the JSON
 * rows (≈ 33 µs less per write, with or without a hook subscribed).
 */
function insertOneEvent(
  executor: Kysely<Database>,
  event: { event: string; bodyWithoutHookId: string },
  written: WriteOptions,
): Promise<InsertedRow[]> {
  return insertForHooks(
    executor,
    'tessera_insert_delivery',
    sql`SELECT h.id AS hook_id, ${event.event}::text AS event, ${event.bodyWithoutHookId}::text AS rest
        FROM hooks AS h WHERE h.enabled AND ${event.event}::text = ANY (h.events)`,
    written,
  );
}

/** Several events at once, through `jsonRows`: one generic plan whatever their number. */
function insertEvents(
  executor: Kysely<Database>,
  events: { event: string; bodyWithoutHookId: string }[],
  written: WriteOptions,
): Promise<InsertedRow[]> {
  const eventRows = jsonRows(events.map((e) => ({ event: e.event, rest: e.bodyWithoutHookId })));
  return insertForHooks(
    executor,
    'tessera_insert_deliveries',
    sql`SELECT h.id AS hook_id, e ->> 'event' AS event, e ->> 'rest' AS rest
        FROM ${eventRows} AS e JOIN hooks AS h ON h.enabled AND e ->> 'event' = ANY (h.events)`,
    written,
  );
}

/**
 * Inserts a row per (hook_id, event, rest) that `wanted` selects, leased unless there is no lease
 * or its hook is skipped, and returns each with its hook's send settings.
 */
function insertForHooks(
  executor: Kysely<Database>,
  name: string,
  wanted: RawBuilder<unknown>,
  { lease, clock, traceParent }: WriteOptions,
): Promise<InsertedRow[]> {
  const seconds = lease ? lease.leaseMs / 1000 : null;
  return executePreparedSql<InsertedRow>(
    executor,
    name,
    sql`
      WITH wanted AS (${wanted}), inserted AS (
        INSERT INTO hook_deliveries
          (id, hook_id, event, body, next_attempt_at, lease_expires_at, leased_by, trace_parent)
        SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), w.hook_id, w.event,
               '{"hookId":' || to_json(w.hook_id)::text || ',' || substr(w.rest, 2),
               coalesce(w.ends_at, ${clock.sqlNow()}), w.ends_at,
               CASE WHEN w.ends_at IS NOT NULL THEN ${lease?.owner ?? null}::text END, ${traceParent}::text
        FROM (
          SELECT wanted.*,
            CASE WHEN hook_id <> ALL (${lease?.skipHookIds ?? []}::text[])
              THEN ${clock.sqlNow('statement')} + make_interval(secs => ${seconds}::float8) END AS ends_at
          FROM wanted
        ) AS w
        RETURNING id, hook_id, event, body, attempts, schedule_base, created_at, trace_parent,
                  lease_expires_at IS NOT NULL AS leased
      )
      SELECT i.*, h.url, h.headers, h.signing_key, true AS enabled
      FROM inserted AS i JOIN hooks AS h ON h.id = i.hook_id
    `,
  );
}

export interface ClaimedDelivery {
  id: string;
  hook_id: string;
  event: string;
  body: string;
  attempts: number;
  schedule_base: number;
  url: string;
  headers: Record<string, string>;
  signing_key: string;
  enabled: boolean;
  created_at: Date;
  /** The writer's W3C `traceparent`, linked from each attempt's span; null when not traced. */
  trace_parent: string | null;
}

/**
 * Claims due rows: `SKIP LOCKED` lets instances share the work, and the lease (a later
 * `next_attempt_at`) hands a crashed instance's rows to another once it expires, or sooner once
 * its `owner` stops beating its heartbeat (`releaseLeasesOfSilentInstances`). Hooks without
 * room are skipped and the others take at most their room (else `perHook`) rows, so a hook whose
 * receiver is slow cannot fill the claim; the scan still walks past the skipped hooks' due rows.
 * Rows of a hook disabled since they were written, or deleted meanwhile (its deliveries go with it,
 * but one written during the deletion may stay behind), become `disabled` here and are returned
 * only to be skipped (`enabled` false; the hook's columns are null when it is gone).
 * Committed without the WAL flush (`asyncCommit`): a claim lost in a crash of the database server
 * only means the rows are claimed again.
 * The limit is read by a subquery so that no plan knows it: the plan for a run's limit, when it was
 * a plain parameter, looked far cheaper for a small claim than the generic plan (which guesses a
 * tenth of the due rows), so a connection whose first claims were small planned every claim anew
 * (≈ 0.3 ms, more than the claim). Both plans walk the due index in order and stop at the limit.
 */
export async function claimDueDeliveries(
  db: Db,
  options: { limit: number; leaseMs: number; perHook: number; room: ClaimRoom; owner?: string },
  clock: Clock = systemClock,
): Promise<ClaimedDelivery[]> {
  const { limit, perHook, room } = options;
  const now = clock.sqlNow();
  const lease = options.leaseMs / 1000;
  return executePreparedSql<ClaimedDelivery>(
    db,
    'tessera_claim_due_deliveries',
    sql`
    WITH candidates AS (
      SELECT id, hook_id, next_attempt_at FROM hook_deliveries
      WHERE status IN ('pending', 'retrying') AND next_attempt_at <= ${now}
        AND hook_id <> ALL (${room.fullHookIds}::text[])
      ORDER BY next_attempt_at
      LIMIT (SELECT ${limit}::int)
      FOR UPDATE SKIP LOCKED
    ), due AS (
      SELECT c.id, c.hook_id FROM (
        SELECT id, hook_id, row_number() OVER (PARTITION BY hook_id ORDER BY next_attempt_at) AS rank
        FROM candidates
      ) c
      LEFT JOIN unnest(${room.hookIds}::text[], ${room.rooms}::int[]) AS r (hook_id, room)
        ON r.hook_id = c.hook_id
      WHERE c.rank <= coalesce(r.room, ${perHook})
    )
    UPDATE hook_deliveries d
    SET next_attempt_at = ${now} + make_interval(secs => ${lease}),
        lease_expires_at = CASE WHEN h.enabled THEN ${now} + make_interval(secs => ${lease}) END,
        leased_by = CASE WHEN h.enabled THEN ${options.owner ?? null}::text END,
        status = CASE WHEN h.enabled THEN d.status ELSE 'disabled' END,
        updated_at = now()
    FROM due LEFT JOIN hooks h ON h.id = due.hook_id
    WHERE d.id = due.id AND ${asyncCommit(db)}
    RETURNING d.id, d.hook_id, d.event, d.body, d.attempts, d.schedule_base,
              h.url, h.headers, h.signing_key, coalesce(h.enabled, false) AS enabled, d.created_at,
              d.trace_parent
  `,
  );
}

export interface AttemptRecord {
  deliveryId: string;
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * Records a batch of finished attempts in one statement: the delivery's new state with the attempt
 * appended to its history, one audit log `TriggerHook.<event>` each (request body, status code,
 * error; never the receiver's body), and disables the hooks that answered 410 Gone. The audit row
 * keeps the body as the text sent (`hookRequest.bodyText`, read back as `hookRequest.body` by
 * `readLogPayload`): parsing it into jsonb here cost PostgreSQL a fifth of the whole statement.
 * Committed without the WAL flush (`asyncCommit`): a record lost in a crash of the database server
 * leaves the row leased, and a later claim sends it again with the same webhook-id.
 * The records come through `jsonRows`, so small batches (a quiet worker records one or two at a
 * time) keep the generic plan instead of being planned anew each.
 */
export async function recordAttempts(
  db: Db,
  records: AttemptRecord[],
  clock: Clock = systemClock,
): Promise<void> {
  if (records.length === 0) return;
  const logIds = newIds(records.length);
  const rows = records.map((r, index) => ({
    id: r.deliveryId,
    status: r.status,
    next_at: r.nextAttemptAt?.toISOString() ?? null,
    status_code: r.statusCode,
    error: r.error,
    duration_ms: r.durationMs,
    log_id: logIds[index],
  }));
  await executePreparedSql(
    db,
    'tessera_record_delivery_attempts',
    sql`
    WITH r AS (
      SELECT x ->> 'id' AS id, x ->> 'status' AS status, (x ->> 'next_at')::timestamptz AS next_at,
        (x ->> 'status_code')::int AS status_code, x ->> 'error' AS error,
        (x ->> 'duration_ms')::int AS duration_ms, x ->> 'log_id' AS log_id
      FROM ${jsonRows(rows)} AS x
    ), u AS (
      UPDATE hook_deliveries d
      SET status = r.status, attempts = d.attempts + 1, next_attempt_at = coalesce(r.next_at, ${clock.sqlNow()}),
          lease_expires_at = NULL, leased_by = NULL, last_status_code = r.status_code, last_error = r.error,
          updated_at = now(),
          attempt_history = d.attempt_history || jsonb_build_array(jsonb_build_object(
            'attempt', d.attempts + 1, 'status_code', r.status_code, 'duration_ms', r.duration_ms,
            'error', r.error, 'next_attempt_at', floor(extract(epoch FROM r.next_at) * 1000),
            'created_at', floor(extract(epoch FROM ${clock.sqlNow()}) * 1000)))
      -- Only a leased row: a batch retried after an unacknowledged commit is not counted twice.
      FROM r WHERE d.id = r.id AND d.lease_expires_at IS NOT NULL
      RETURNING d.id, d.hook_id, d.event, d.body, d.attempts
    ), gone AS (
      UPDATE hooks SET enabled = false, updated_at = now()
      WHERE id IN (SELECT u.hook_id FROM u JOIN r ON r.id = u.id WHERE r.status = 'disabled')
    )
    INSERT INTO logs (id, key, payload)
    SELECT r.log_id, 'TriggerHook.' || u.event,
      jsonb_strip_nulls(jsonb_build_object(
        'key', 'TriggerHook.' || u.event,
        'result', CASE WHEN r.status = 'delivered' THEN 'Success' ELSE 'Error' END,
        'hookId', u.hook_id, 'deliveryId', u.id, 'attempt', u.attempts,
        'response', CASE WHEN r.status_code IS NULL THEN NULL
                         ELSE jsonb_build_object('statusCode', r.status_code) END,
        'error', r.error,
        'hookRequest', jsonb_build_object('bodyText', u.body)
      ))
    FROM u JOIN r ON r.id = u.id
    WHERE ${asyncCommit(db)}
  `,
  );
}

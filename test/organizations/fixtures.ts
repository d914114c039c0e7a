import { sql, type Kysely, type Transaction } from 'kysely';
import type { EventSink } from '../../src/webhooks/mutation.js';
import { newId } from '../../src/storage/ids.js';
import type { Database } from '../../src/storage/schema.js';
import type { HookEvent } from '../../src/webhooks/event-names.js';

/**
 * Users and applications belong to other domains' routes; these fixtures insert their rows
 * directly, many at once, so a test of 6,000 members costs one statement.
 */
export async function insertUsers(
  db: Kysely<Database>,
  count: number,
  make: (i: number) => { primaryEmail?: string; username?: string } = () => ({}),
): Promise<string[]> {
  const ids = Array.from({ length: count }, () => `u${newId(12)}`);
  const extra = ids.map((_, i) => make(i));
  // One column array per parameter: any number of rows in one statement (65,535 parameters at most).
  await sql`
    INSERT INTO users (id, primary_email, username)
    SELECT * FROM unnest(
      ${ids}::text[],
      ${extra.map((e) => e.primaryEmail ?? null)}::text[],
      ${extra.map((e) => e.username ?? null)}::text[]
    )
  `.execute(db);
  return ids;
}

export async function insertApplications(db: Kysely<Database>, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => `a${newId(12)}`);
  await sql`
    INSERT INTO applications (id, name, type, secret)
    SELECT id, 'App ' || id, 'MachineToMachine', 'secret-' || md5(random()::text)
    FROM unnest(${ids}::text[]) AS r(id)
  `.execute(db);
  return ids;
}

export interface RecordedEvent {
  event: HookEvent;
  payload: Record<string, unknown>;
}

/** The events a service function hands to `events.emit`, as the webhook outbox would receive them. */
export function recordingSink(): EventSink & { recorded: RecordedEvent[] } {
  const recorded: RecordedEvent[] = [];
  return { recorded, emit: (event, payload) => recorded.push({ event, payload }) };
}

/** Runs a service function in one transaction with a recording event sink. */
export async function runRecorded<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>, events: EventSink) => Promise<T>,
): Promise<{ result: T; events: RecordedEvent[] }> {
  const sink = recordingSink();
  const result = await db.transaction().execute((trx) => work(trx, sink));
  return { result, events: sink.recorded };
}

import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../src/storage/database.js';
import { newId } from '../../src/storage/ids.js';

/** Rows on each side of every retention rule, back-dated in the database. */
export interface SeededRows {
  doomed: Record<string, string[]>;
  kept: Record<string, string[]>;
  doomedAttempts: number;
}

const ago = (interval: string) => sql<Date>`now() - ${interval}::interval`;
const ahead = (interval: string) => sql<Date>`now() + ${interval}::interval`;

/**
 * With webhook retention of 2 days and log retention of 3: rows past each limit are doomed, rows
 * just inside it and every pending or retrying delivery (however old) are kept.
 */
export async function seedRetentionRows(db: Db): Promise<SeededRows> {
  const doomed: Record<string, string[]> = {};
  const kept: Record<string, string[]> = {};
  const put = (bucket: Record<string, string[]>, kind: string, id: string) => (bucket[kind] ??= []).push(id);

  for (const [expiresAt, bucket] of [
    [ago('1 minute'), doomed],
    [ahead('1 hour'), kept],
  ] as const) {
    const id = `ret_${newId()}`;
    await sql`INSERT INTO oidc_model_instances (model_name, id, payload, expires_at)
              VALUES ('Session', ${id}, '{}', ${expiresAt})`.execute(db);
    put(bucket, 'oidc', id);
  }

  const hookId = `hook_${newId()}`;
  await sql`INSERT INTO hooks (id, name, events, url, signing_key)
            VALUES (${hookId}, 'retention', ${['User.Created']}::text[], 'http://127.0.0.1:9/x', 'key')`.execute(
    db,
  );
  const deliveries: [string, string, Record<string, string[]>][] = [
    ['delivered', '3 days', doomed],
    ['failed', '3 days', doomed],
    ['disabled', '3 days', doomed],
    ['delivered', '1 day', kept],
    ['pending', '40 days', kept],
    ['retrying', '40 days', kept],
  ];
  let doomedAttempts = 0;
  for (const [status, age, bucket] of deliveries) {
    const id = `dlv_${newId()}`;
    const attempt = (n: number) =>
      sql`jsonb_build_object('attempt', ${n}::int, 'status_code', NULL, 'duration_ms', 5, 'error', NULL,
            'next_attempt_at', NULL, 'created_at', floor(extract(epoch FROM ${ago(age)}) * 1000))`;
    await sql`INSERT INTO hook_deliveries
                (id, hook_id, event, body, status, attempts, attempt_history, created_at, updated_at)
              VALUES (${id}, ${hookId}, 'User.Created', '{}', ${status}, 2,
                      jsonb_build_array(${attempt(1)}, ${attempt(2)}), ${ago(age)}, ${ago(age)})`.execute(db);
    if (bucket === doomed) doomedAttempts += 2;
    put(bucket, 'delivery', id);
  }

  for (const [age, bucket] of [
    ['4 days', doomed],
    ['2 days', kept],
  ] as const) {
    const id = `log_${newId()}`;
    await sql`INSERT INTO logs (id, key, created_at) VALUES (${id}, 'Retention.Test', ${ago(age)})`.execute(
      db,
    );
    put(bucket, 'log', id);
  }

  const userId = `usr_${newId()}`;
  await sql`INSERT INTO users (id, username) VALUES (${userId}, ${userId})`.execute(db);
  const tokens: [RawBuilder<Date>, RawBuilder<Date> | null, Record<string, string[]>][] = [
    [ago('25 hours'), null, doomed],
    [ago('25 hours'), ago('26 hours'), doomed],
    // Consumed long ago but not yet expired (a lifetime over a day): kept until a day past expiry.
    [ahead('1 hour'), ago('25 hours'), kept],
    [ago('23 hours'), null, kept],
    [ahead('1 hour'), ago('23 hours'), kept],
    [ahead('1 hour'), null, kept],
  ];
  for (const [expiresAt, consumedAt, bucket] of tokens) {
    const id = `sub_${newId()}`;
    await sql`INSERT INTO subject_tokens (id, token_hash, user_id, expires_at, consumed_at)
              VALUES (${id}, ${newId(32)}, ${userId}, ${expiresAt}, ${consumedAt})`.execute(db);
    put(bucket, 'subjectToken', id);
  }

  const oneTimeTokens: [RawBuilder<Date>, string, Record<string, string[]>][] = [
    [ago('25 hours'), 'Active', doomed],
    [ago('25 hours'), 'Consumed', doomed],
    // Used but not yet a day past its expiry: the management API still shows it as used.
    [ahead('1 hour'), 'Consumed', kept],
    [ago('23 hours'), 'Revoked', kept],
  ];
  for (const [expiresAt, status, bucket] of oneTimeTokens) {
    const id = `ott_${newId()}`;
    await sql`INSERT INTO one_time_tokens (id, email, digest, sealed_value, status, expires_at)
              VALUES (${id}, 'a@example.com', ${newId(32)}, 'sealed', ${status}, ${expiresAt})`.execute(db);
    put(bucket, 'oneTimeToken', id);
  }

  for (const [age, bucket] of [
    ['25 hours', doomed],
    ['23 hours', kept],
  ] as const) {
    const id = `msg_${newId()}`;
    await sql`INSERT INTO recorded_messages (id, channel, recipient, purpose, subject, content, code, created_at)
              VALUES (${id}, 'email', 'a@example.com', 'SignIn', 's', 'c', '123456', ${ago(age)})`.execute(
      db,
    );
    put(bucket, 'message', id);
  }
  return { doomed, kept, doomedAttempts };
}

const tables: Record<string, string> = {
  oidc: 'oidc_model_instances',
  delivery: 'hook_deliveries',
  log: 'logs',
  subjectToken: 'subject_tokens',
  oneTimeToken: 'one_time_tokens',
  message: 'recorded_messages',
};

/** Which of the given ids, per kind, are still in the database. */
export async function stillThere(db: Db, ids: Record<string, string[]>): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const [kind, list] of Object.entries(ids)) {
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM ${sql.table(tables[kind]!)} WHERE id = ANY(${list}::text[])`.execute(db);
    found[kind] = rows.map((row) => row.id).sort();
  }
  return found;
}

export async function attemptsOf(db: Db, deliveryIds: string[]): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT coalesce(sum(jsonb_array_length(attempt_history)), 0) AS n FROM hook_deliveries
    WHERE id = ANY(${deliveryIds}::text[])`.execute(db);
  return Number(rows[0]!.n);
}

export async function expiredOidcRows(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM oidc_model_instances WHERE expires_at < now()`.execute(db);
  return Number(rows[0]!.n);
}

export const sorted = (ids: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(ids).map(([kind, list]) => [kind, [...list].sort()]));

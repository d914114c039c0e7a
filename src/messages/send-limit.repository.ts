import { sql } from 'kysely';
import type { Db } from '../storage/database.js';

/**
 * Takes one send for `recipient` if the sliding hour holds fewer than `perHour` sends and the
 * last one is at least `minIntervalSeconds` old. One statement: the upsert locks the recipient's
 * row, so concurrent sends on any instance are counted one after the other and none slips past.
 * Database time throughout, so instances with skewed clocks agree.
 */
export async function takeSendSlot(
  db: Db,
  recipient: string,
  limits: { perHour: number; minIntervalSeconds: number },
): Promise<boolean> {
  const { rows } = await sql<{ recipient: string }>`
    INSERT INTO message_send_limits AS l (recipient, sent_at) VALUES (${recipient}, ARRAY[now()])
    ON CONFLICT (recipient) DO UPDATE
      SET sent_at = ARRAY(
        SELECT t FROM unnest(l.sent_at) AS t WHERE t > now() - interval '1 hour' ORDER BY t
      ) || now()
      WHERE (SELECT count(*) FROM unnest(l.sent_at) AS t WHERE t > now() - interval '1 hour')
          < ${limits.perHour}::int
        AND (SELECT coalesce(max(t), '-infinity'::timestamptz) FROM unnest(l.sent_at) AS t)
          <= now() - make_interval(secs => ${limits.minIntervalSeconds}::int)
    RETURNING recipient
  `.execute(db);
  return rows.length > 0;
}

/**
 * Seconds until `recipient` may be sent a code again: the minimum gap after the last send, and
 * when the hour is full, until its oldest counted send leaves the sliding hour.
 */
export async function sendSlotWaitSeconds(
  db: Db,
  recipient: string,
  limits: { perHour: number; minIntervalSeconds: number },
): Promise<number> {
  const { rows } = await sql<{ wait: number | null }>`
    SELECT ceil(greatest(
      0,
      extract(epoch FROM max(t) + make_interval(secs => ${limits.minIntervalSeconds}::int) - now()),
      CASE WHEN count(*) >= ${limits.perHour}::int THEN extract(epoch FROM
        (array_agg(t ORDER BY t))[count(*) - ${limits.perHour}::int + 1] + interval '1 hour' - now()
      ) ELSE 0 END
    ))::int AS wait
    FROM message_send_limits AS l, unnest(l.sent_at) AS t
    WHERE l.recipient = ${recipient} AND t > now() - interval '1 hour'
  `.execute(db);
  return rows[0]?.wait ?? 0;
}

/** Recipients whose last send left the window carry nothing worth keeping. */
export async function deleteIdleSendCounters(db: Db): Promise<void> {
  await sql`
    DELETE FROM message_send_limits
    WHERE (SELECT max(t) FROM unnest(sent_at) AS t) < now() - interval '1 hour'
  `.execute(db);
}

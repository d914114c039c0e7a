import { sql } from 'kysely';
import type { Db } from '../storage/database.js';

/**
 * Deliveries waiting for a first or a further attempt, counted up to `cap` over the due index:
 * cheap enough for every metrics scrape even when a backlog has built up.
 */
export async function countWaitingDeliveries(db: Db, cap: number): Promise<number> {
  const { rows } = await sql<{ waiting: string }>`
    SELECT count(*) AS waiting FROM (
      SELECT 1 FROM hook_deliveries WHERE status IN ('pending', 'retrying') LIMIT ${cap}
    ) w
  `.execute(db);
  return Number(rows[0]!.waiting);
}

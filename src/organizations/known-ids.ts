import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import { unknownIds } from './errors.js';
import { missingIds } from './organizations.repository.js';

/**
 * Refuses, before any write, a list of ids of which some name nothing: one query whatever the
 * length, and a 422 naming the missing ids (see unknownIds).
 */
export async function assertIdsExist(
  db: Kysely<Database>,
  table: Parameters<typeof missingIds>[1],
  ids: readonly string[],
): Promise<void> {
  const missing = await missingIds(db, table, ids);
  if (missing.length > 0) throw unknownIds(table, missing);
}

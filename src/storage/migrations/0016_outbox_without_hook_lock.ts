import { sql, type Kysely } from 'kysely';

/**
 * The outbox row no longer references its hook by a foreign key: checking it locked the hook's row
 * (FOR KEY SHARE) in every transaction that wrote an event, so concurrent writes to one hook each
 * created a multixact, twice the cost of the insert itself. Deleting a hook deletes its deliveries
 * instead; a delivery written while its hook is deleted is marked `disabled` by the next claim.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE hook_deliveries DROP CONSTRAINT hook_deliveries_hook_id_fkey`.execute(db);
}

import type { Db } from '../storage/database.js';

/** Every verification of an interaction, oldest first, without payloads (they may hold secrets). */
export async function listVerifications(db: Db, interactionUid: string) {
  return db
    .selectFrom('experience_verifications')
    .select(['id', 'type', 'identifier', 'user_id', 'verified_at'])
    .where('interaction_uid', '=', interactionUid)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

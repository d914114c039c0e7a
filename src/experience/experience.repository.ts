import type { Transaction } from 'kysely';
import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';
import type { Database } from '../storage/schema.js';
import type {
  InteractionEvent,
  InteractionIdentifier,
  VerificationType,
} from '../storage/tables/experience.js';

export interface ExperienceState {
  interactionUid: string;
  interactionEvent: InteractionEvent;
  applicationId: string;
  userId: string | null;
}

/** (Re)starts the experience of an interaction: a new PUT forgets earlier verifications. */
export async function resetExperience(
  trx: Transaction<Database>,
  state: Omit<ExperienceState, 'userId'> & { expiresAt: Date },
): Promise<void> {
  await trx
    .deleteFrom('experience_verifications')
    .where('interaction_uid', '=', state.interactionUid)
    .execute();
  const values = {
    interaction_event: state.interactionEvent,
    application_id: state.applicationId,
    user_id: null,
    expires_at: state.expiresAt,
  };
  await trx
    .insertInto('experience_interactions')
    .values({ interaction_uid: state.interactionUid, ...values })
    .onConflict((oc) => oc.column('interaction_uid').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}

/** Interactions live an hour; their leftovers are swept whenever a new experience starts. */
export async function deleteExpiredExperiences(db: Db): Promise<void> {
  await db.deleteFrom('experience_interactions').where('expires_at', '<', new Date()).execute();
}

export async function findExperience(db: Db, interactionUid: string): Promise<ExperienceState | undefined> {
  const row = await db
    .selectFrom('experience_interactions')
    .select(['interaction_uid', 'interaction_event', 'application_id', 'user_id'])
    .where('interaction_uid', '=', interactionUid)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return (
    row && {
      interactionUid: row.interaction_uid,
      interactionEvent: row.interaction_event,
      applicationId: row.application_id,
      userId: row.user_id,
    }
  );
}

export async function setIdentifiedUser(db: Db, interactionUid: string, userId: string): Promise<void> {
  await db
    .updateTable('experience_interactions')
    .set({ user_id: userId, updated_at: new Date() })
    .where('interaction_uid', '=', interactionUid)
    .execute();
}

export async function deleteExperience(trx: Transaction<Database>, interactionUid: string): Promise<void> {
  await trx.deleteFrom('experience_interactions').where('interaction_uid', '=', interactionUid).execute();
}

export interface NewVerification {
  id: string;
  interactionUid: string;
  type: VerificationType;
  identifier: InteractionIdentifier | null;
  userId: string | null;
  verifiedAt: Date | null;
}

export async function insertVerification(db: Db, verification: NewVerification): Promise<void> {
  await db
    .insertInto('experience_verifications')
    .values({
      id: verification.id,
      interaction_uid: verification.interactionUid,
      type: verification.type,
      identifier: verification.identifier && json(verification.identifier),
      user_id: verification.userId,
      verified_at: verification.verifiedAt,
    })
    .execute();
}

/** A verification that succeeded within this interaction; another interaction's id finds nothing. */
export async function findVerified(db: Db, interactionUid: string, id: string) {
  return db
    .selectFrom('experience_verifications')
    .select(['id', 'type', 'user_id'])
    .where('id', '=', id)
    .where('interaction_uid', '=', interactionUid)
    .where('verified_at', 'is not', null)
    .executeTakeFirst();
}

export async function verifiedTypes(db: Db, interactionUid: string): Promise<VerificationType[]> {
  const rows = await db
    .selectFrom('experience_verifications')
    .select('type')
    .distinct()
    .where('interaction_uid', '=', interactionUid)
    .where('verified_at', 'is not', null)
    .execute();
  return rows.map((row) => row.type);
}

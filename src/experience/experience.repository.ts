import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';
import type { Database } from '../storage/schema.js';
import type {
  ExperienceProfile,
  InteractionEvent,
  InteractionIdentifier,
  VerificationType,
} from '../storage/tables/experience.js';

export interface ExperienceState {
  interactionUid: string;
  interactionEvent: InteractionEvent;
  applicationId: string;
  userId: string | null;
  profile: ExperienceProfile;
}

/** (Re)starts the experience of an interaction: a new PUT forgets earlier verifications. */
export async function resetExperience(
  trx: Transaction<Database>,
  state: Omit<ExperienceState, 'userId' | 'profile'> & { expiresAt: Date },
): Promise<void> {
  await trx
    .deleteFrom('experience_verifications')
    .where('interaction_uid', '=', state.interactionUid)
    .execute();
  const values = {
    interaction_event: state.interactionEvent,
    application_id: state.applicationId,
    user_id: null,
    profile: json({}),
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
    .select(['interaction_uid', 'interaction_event', 'application_id', 'user_id', 'profile'])
    .where('interaction_uid', '=', interactionUid)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return (
    row && {
      interactionUid: row.interaction_uid,
      interactionEvent: row.interaction_event,
      applicationId: row.application_id,
      userId: row.user_id,
      profile: row.profile,
    }
  );
}

/** Switching between SignIn and Register keeps the verifications, not who was identified. */
export async function switchEvent(db: Db, interactionUid: string, event: InteractionEvent): Promise<void> {
  await db
    .updateTable('experience_interactions')
    .set({ interaction_event: event, user_id: null, profile: json({}), updated_at: new Date() })
    .where('interaction_uid', '=', interactionUid)
    .execute();
}

/** Merges into the collected profile in one statement, so concurrent calls do not lose fields. */
export async function mergeProfile(
  db: Db,
  interactionUid: string,
  profile: ExperienceProfile,
): Promise<void> {
  await db
    .updateTable('experience_interactions')
    .set((eb) => ({
      profile: sql<string>`${eb.ref('profile')} || ${json(profile)}::jsonb`,
      updated_at: new Date(),
    }))
    .where('interaction_uid', '=', interactionUid)
    .execute();
}

export async function setIdentifiedUser(db: Db, interactionUid: string, userId: string): Promise<void> {
  await db
    .updateTable('experience_interactions')
    .set({ user_id: userId, updated_at: new Date() })
    .where('interaction_uid', '=', interactionUid)
    .execute();
}

/** Locks the experience for the submit's transaction; false when it is gone (submitted already). */
export async function lockExperience(trx: Transaction<Database>, interactionUid: string): Promise<boolean> {
  const row = await trx
    .selectFrom('experience_interactions')
    .select('interaction_uid')
    .where('interaction_uid', '=', interactionUid)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
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
  payload?: Record<string, unknown>;
}

export async function insertVerification(db: Kysely<Database>, verification: NewVerification): Promise<void> {
  await db
    .insertInto('experience_verifications')
    .values({
      id: verification.id,
      interaction_uid: verification.interactionUid,
      type: verification.type,
      identifier: verification.identifier && json(verification.identifier),
      user_id: verification.userId,
      verified_at: verification.verifiedAt,
      ...(verification.payload ? { payload: json(verification.payload) } : {}),
    })
    .execute();
}

/** A verification of this interaction, verified or not; another interaction's id finds nothing. */
export async function findVerification(db: Db, interactionUid: string, id: string) {
  return db
    .selectFrom('experience_verifications')
    .select(['id', 'type', 'identifier', 'user_id', 'verified_at', 'payload'])
    .where('id', '=', id)
    .where('interaction_uid', '=', interactionUid)
    .executeTakeFirst();
}

/** A verification that succeeded within this interaction; another interaction's id finds nothing. */
export async function findVerified(db: Db, interactionUid: string, id: string) {
  const verification = await findVerification(db, interactionUid, id);
  return verification?.verified_at ? verification : undefined;
}

export async function markVerified(db: Db, id: string): Promise<void> {
  await db
    .updateTable('experience_verifications')
    .set({ verified_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The identifiers this interaction proved control of by codes (the e-mails JIT may match). */
export async function verifiedCodeIdentifiers(
  db: Db,
  interactionUid: string,
): Promise<InteractionIdentifier[]> {
  const rows = await db
    .selectFrom('experience_verifications')
    .select('identifier')
    .where('interaction_uid', '=', interactionUid)
    .where('type', 'in', ['EmailVerificationCode', 'PhoneVerificationCode', 'OneTimeToken'])
    .where('verified_at', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.identifier ? [row.identifier] : []));
}

/** The one-time tokens this interaction consumed: their addresses and organizations. */
export async function verifiedOneTimeTokens(db: Db, interactionUid: string) {
  return db
    .selectFrom('experience_verifications')
    .select(['identifier', 'payload'])
    .where('interaction_uid', '=', interactionUid)
    .where('type', '=', 'OneTimeToken')
    .where('verified_at', 'is not', null)
    .execute();
}

/** The verifications that succeeded in this interaction: what was verified, for whom. */
export async function verifiedVerifications(db: Db, interactionUid: string) {
  return db
    .selectFrom('experience_verifications')
    .select(['type', 'identifier', 'user_id'])
    .where('interaction_uid', '=', interactionUid)
    .where('verified_at', 'is not', null)
    .execute();
}

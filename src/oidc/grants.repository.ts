import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import type { Db } from '../storage/database.js';
import type { Database } from '../storage/schema.js';

type Grants = ExpressionBuilder<Database, 'oidc_model_instances'>;

// Namespace of the two-key advisory locks, apart from the single-key locks elsewhere.
const GRANT_LIMIT_LOCK_SPACE = 7405212;

/** oidc-provider grant records: one per user, application and browser session. */
const isGrant = (eb: Grants) => eb('oidc_model_instances.model_name', '=', 'Grant');
const ofAccount = (eb: Grants, userId: string) =>
  eb(eb.ref('oidc_model_instances.payload', '->>').key('accountId'), '=', userId);
const ofClient = (eb: Grants, clientId: string) =>
  eb(eb.ref('oidc_model_instances.payload', '->>').key('clientId'), '=', clientId);
const isLive = (eb: Grants) =>
  eb.or([
    eb('oidc_model_instances.expires_at', 'is', null),
    eb('oidc_model_instances.expires_at', '>', new Date()),
  ]);

/** Serialises grant-limit checks of one user and application until the transaction ends. */
export async function lockUserApplication(
  trx: Transaction<Database>,
  userId: string,
  applicationId: string,
): Promise<void> {
  const key = `${userId}:${applicationId}`;
  await sql`SELECT pg_advisory_xact_lock(${GRANT_LIMIT_LOCK_SPACE}, hashtext(${key}))`.execute(trx);
}

export function findApplicationWithLimit(db: Db, applicationId: string) {
  return db
    .selectFrom('applications')
    .select(['id', 'type', 'name', 'description', 'custom_client_metadata'])
    .where('id', '=', applicationId)
    .executeTakeFirst();
}

/** The ids of the user's unexpired grants for the application, oldest issued first. */
export async function activeGrantIds(
  trx: Transaction<Database>,
  userId: string,
  applicationId: string,
): Promise<string[]> {
  const rows = await trx
    .selectFrom('oidc_model_instances')
    .select('id')
    .where((eb) => eb.and([isGrant(eb), ofAccount(eb, userId), ofClient(eb, applicationId), isLive(eb)]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Destroys grants with every code, token and refresh token issued under them. */
export async function revokeGrants(trx: Transaction<Database>, grantIds: string[]): Promise<void> {
  if (grantIds.length === 0) return;
  await trx.deleteFrom('oidc_model_instances').where('grant_id', 'in', grantIds).execute();
}

export type AppType = 'firstParty' | 'thirdParty';

/** A user's unexpired grants, oldest first; optionally only those of first- or third-party apps. */
export function listActiveGrants(db: Db, userId: string, appType?: AppType) {
  return db
    .selectFrom('oidc_model_instances')
    .innerJoin('applications', (join) =>
      join.on((eb) =>
        eb(eb.ref('oidc_model_instances.payload', '->>').key('clientId'), '=', eb.ref('applications.id')),
      ),
    )
    .select(['oidc_model_instances.id', 'oidc_model_instances.payload', 'oidc_model_instances.expires_at'])
    .where((eb) => eb.and([isGrant(eb), ofAccount(eb, userId), isLive(eb)]))
    .$if(appType !== undefined, (query) =>
      query.where('applications.is_third_party', '=', appType === 'thirdParty'),
    )
    .orderBy('oidc_model_instances.created_at')
    .orderBy('oidc_model_instances.id')
    .execute();
}

/**
 * Destroys one grant of the user with its tokens, in one statement so the ownership check and
 * the deletion cannot be separated; false when the user holds no such grant.
 */
export async function revokeUserGrant(db: Db, userId: string, grantId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('oidc_model_instances')
    .where('grant_id', '=', grantId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('oidc_model_instances as owned')
          .select('owned.id')
          .where('owned.model_name', '=', 'Grant')
          .where('owned.id', '=', grantId)
          .where((eb) => eb(eb.ref('owned.payload', '->>').key('accountId'), '=', userId)),
      ),
    )
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Whether the user still holds an unexpired grant for the application. */
export async function hasActiveGrant(db: Db, userId: string, applicationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('oidc_model_instances')
    .select('id')
    .where((eb) => eb.and([isGrant(eb), ofAccount(eb, userId), ofClient(eb, applicationId), isLive(eb)]))
    .executeTakeFirst();
  return row !== undefined;
}

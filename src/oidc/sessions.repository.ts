import type { ExpressionBuilder, Transaction } from 'kysely';
import type { Db } from '../storage/database.js';
import type { Database } from '../storage/schema.js';

type Models = ExpressionBuilder<Database, 'oidc_model_instances'>;

const isSession = (eb: Models) => eb('oidc_model_instances.model_name', '=', 'Session');
const ofAccount = (eb: Models, userId: string) =>
  eb(eb.ref('oidc_model_instances.payload', '->>').key('accountId'), '=', userId);
const isLive = (eb: Models) =>
  eb.or([
    eb('oidc_model_instances.expires_at', 'is', null),
    eb('oidc_model_instances.expires_at', '>', new Date()),
  ]);

/** The user's unexpired browser sessions (oidc-provider's Session model), the latest sign-in first. */
export function listUserSessions(db: Db, userId: string) {
  return db
    .selectFrom('oidc_model_instances')
    .select(['id', 'uid', 'payload', 'expires_at'])
    .where((eb) => eb.and([isSession(eb), ofAccount(eb, userId), isLive(eb)]))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Deletes one session of the user by its uid and returns its payload; undefined when there is none. */
export async function deleteUserSession(trx: Transaction<Database>, userId: string, uid: string) {
  const row = await trx
    .deleteFrom('oidc_model_instances')
    .where((eb) => eb.and([isSession(eb), ofAccount(eb, userId), eb('oidc_model_instances.uid', '=', uid)]))
    .returning('payload')
    .executeTakeFirst();
  return row?.payload;
}

/** The grants among `grantIds` that belong to the user, with their application's party and scope. */
export function findSessionGrants(trx: Transaction<Database>, userId: string, grantIds: string[]) {
  if (grantIds.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('oidc_model_instances')
    .leftJoin('applications', (join) =>
      join.on((eb) =>
        eb(eb.ref('oidc_model_instances.payload', '->>').key('clientId'), '=', eb.ref('applications.id')),
      ),
    )
    .select(['oidc_model_instances.id', 'oidc_model_instances.payload', 'applications.is_third_party'])
    .where('oidc_model_instances.model_name', '=', 'Grant')
    .where('oidc_model_instances.id', 'in', grantIds)
    .where((eb) => ofAccount(eb, userId))
    .execute();
}

import type { Db } from '../storage/database.js';

/** What an ID token or the user info endpoint can tell about a user (see src/oidc/accounts.ts). */
export function findClaimsUser(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'primary_email',
      'primary_phone',
      'name',
      'avatar',
      'custom_data',
      'identities',
      'is_suspended',
      'updated_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The names of the user's global roles (type User), by name: Logto's `roles` claim. */
export async function userRoleNames(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select('r.name')
    .where('ur.user_id', '=', userId)
    .where('r.type', '=', 'User')
    .orderBy('r.name')
    .execute();
  return rows.map((row) => row.name);
}

/** The user's enterprise SSO identities as Logto's `sso_identities` claim lists them, oldest first. */
export async function ssoIdentityClaims(db: Db, userId: string) {
  const rows = await db
    .selectFrom('user_sso_identities')
    .select(['issuer', 'identity_id', 'detail'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ issuer: row.issuer, identityId: row.identity_id, detail: row.detail }));
}

import type { Account } from 'oidc-provider';
import type { Db } from '../storage/database.js';
import { membershipClaims } from '../organizations/token-scopes.repository.js';
import { ORGANIZATION_ROLES_SCOPE, ORGANIZATIONS_SCOPE } from './organization-tokens.js';

/**
 * The account behind a token or session; a suspended or deleted user has none. `clientId` is the
 * application the claims are for (organization claims depend on it).
 */
export async function findAccount(
  db: Db,
  userId: string,
  clientId: string | undefined,
): Promise<Account | undefined> {
  const user = await db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'primary_email',
      'primary_phone',
      'name',
      'avatar',
      'is_suspended',
      'updated_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.is_suspended) return undefined;
  return {
    accountId: user.id,
    claims: async (_use, scope) => ({
      sub: user.id,
      ...(await organizationClaims(db, user.id, clientId, scope.split(' '))),
      username: user.username ?? undefined,
      name: user.name ?? undefined,
      picture: user.avatar ?? undefined,
      updated_at: Math.floor(user.updated_at.getTime() / 1000),
      email: user.primary_email ?? undefined,
      email_verified: user.primary_email ? true : undefined,
      phone_number: user.primary_phone ?? undefined,
      phone_number_verified: user.primary_phone ? true : undefined,
    }),
  };
}

/**
 * Logto's organization claims, read only when a scope asks for them: `organizations` (ids) and
 * `organization_roles` (`<organization id>:<role name>`); a third-party application's name only
 * the organizations the user consented to. Without an application to tell them to, none.
 */
async function organizationClaims(db: Db, userId: string, clientId: string | undefined, scopes: string[]) {
  const wantsIds = scopes.includes(ORGANIZATIONS_SCOPE);
  const wantsRoles = scopes.includes(ORGANIZATION_ROLES_SCOPE);
  if (!wantsIds && !wantsRoles) return {};
  const memberships = clientId ? await membershipClaims(db, userId, clientId) : [];
  return {
    organizations: memberships.map((m) => m.organizationId),
    organization_roles: memberships.flatMap((m) => m.roleNames.map((name) => `${m.organizationId}:${name}`)),
  };
}

import type { Account } from 'oidc-provider';
import type { Db } from '../storage/database.js';
import { membershipClaims, organizationData } from '../organizations/token-scopes.repository.js';
import { findClaimsUser, ssoIdentityClaims, userRoleNames } from '../users/user-claims.repository.js';
import { ORGANIZATION_ROLES_SCOPE, ORGANIZATIONS_SCOPE } from './organization-tokens.js';

/** Logto's scopes for what a user is beyond the standard claims. */
export const CUSTOM_DATA_SCOPE = 'custom_data';
export const IDENTITIES_SCOPE = 'identities';
export const ROLES_SCOPE = 'roles';

type ClaimsUser = NonNullable<Awaited<ReturnType<typeof findClaimsUser>>>;

/**
 * The account behind a token or session; a suspended or deleted user has none. `clientId` is the
 * application the claims are for (organization claims depend on it).
 */
export async function findAccount(
  db: Db,
  userId: string,
  clientId: string | undefined,
): Promise<Account | undefined> {
  const user = await findClaimsUser(db, userId);
  if (!user || user.is_suspended) return undefined;
  return {
    accountId: user.id,
    claims: async (use, scope) => {
      const scopes = scope.split(' ');
      return {
        sub: user.id,
        ...(await organizationClaims(db, { userId: user.id, clientId, use }, scopes)),
        ...(scopes.includes(ROLES_SCOPE) ? { roles: await userRoleNames(db, user.id) } : {}),
        ...(use === 'userinfo' ? await userinfoOnlyClaims(db, user, scopes) : {}),
        username: user.username ?? undefined,
        name: user.name ?? undefined,
        picture: user.avatar ?? undefined,
        updated_at: Math.floor(user.updated_at.getTime() / 1000),
        email: user.primary_email ?? undefined,
        email_verified: user.primary_email ? true : undefined,
        phone_number: user.primary_phone ?? undefined,
        phone_number_verified: user.primary_phone ? true : undefined,
      };
    },
  };
}

/**
 * As Logto, custom data and linked identities only at the user info endpoint: they can be large
 * and change often, and an ID token is copied into places an access token is not.
 */
async function userinfoOnlyClaims(db: Db, user: ClaimsUser, scopes: string[]) {
  return {
    ...(scopes.includes(CUSTOM_DATA_SCOPE) ? { custom_data: user.custom_data } : {}),
    ...(scopes.includes(IDENTITIES_SCOPE)
      ? { identities: user.identities, sso_identities: await ssoIdentityClaims(db, user.id) }
      : {}),
  };
}

/**
 * Logto's organization claims, read only when a scope asks for them: `organizations` (ids), at
 * user info also `organization_data` (id, name, description), and `organization_roles`
 * (`<organization id>:<role name>`); a third-party application's name only the organizations the
 * user consented to. Without an application to tell them to, none.
 */
async function organizationClaims(
  db: Db,
  to: { userId: string; clientId: string | undefined; use: string },
  scopes: string[],
) {
  const wantsIds = scopes.includes(ORGANIZATIONS_SCOPE);
  const wantsRoles = scopes.includes(ORGANIZATION_ROLES_SCOPE);
  if (!wantsIds && !wantsRoles) return {};
  const memberships = to.clientId ? await membershipClaims(db, to.userId, to.clientId) : [];
  const ids = memberships.map((m) => m.organizationId);
  return {
    organizations: ids,
    ...(wantsIds && to.use === 'userinfo' ? { organization_data: await organizationData(db, ids) } : {}),
    organization_roles: memberships.flatMap((m) => m.roleNames.map((name) => `${m.organizationId}:${name}`)),
  };
}

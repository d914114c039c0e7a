import { errors, type Client, type KoaContextWithOIDC, type ResourceServer } from 'oidc-provider';
import type { Db } from '../storage/database.js';
import {
  organizationRoleResourceScopeNames,
  organizationScopeNames,
} from '../organizations/token-scopes.repository.js';
import { userResourceScopeNames } from '../users/user-scopes.repository.js';
import { cachedApplicationScopeNames } from './application-scopes.js';
import {
  ORGANIZATION_RESOURCE,
  organizationIdParam,
  organizationResourceServer,
} from './organization-tokens.js';
import { resourceByIndicator } from './resource-lookup.js';
import { thirdPartyResourceScopes } from './third-party-scopes.js';

/**
 * An API resource as oidc-provider sees it: JWT access tokens for its indicator, signed with the
 * newest signing key's algorithm (no `jwt.sign`: the provider's default).
 * Its scopes are the ones the token's subject holds now: an application's through its roles for
 * client_credentials, a user's through user roles otherwise. oidc-provider intersects them with
 * the grant, so a role removed after sign-in no longer yields its scope at the next code
 * exchange or refresh. Before anyone has signed in there is no subject yet, and nothing is issued.
 * Asked for with `organization_id` (a refresh), a user's scopes are the ones held through
 * organization roles in that organization; the reserved organization resource is Logto's.
 */
export async function resourceServerInfo(
  db: Db,
  ctx: KoaContextWithOIDC,
  indicator: string,
  client: Client,
): Promise<ResourceServer> {
  const server = await ownResourceServerInfo(db, ctx, indicator, client);
  // Only a third-party client with a consent list has a `scope` (see clients.ts).
  if (!client.scope) return server;
  const allowed = await thirdPartyResourceScopes(db, client.clientId, indicator, !!organizationIdParam(ctx));
  if (!allowed) return server;
  const scope = (server.scope ?? '').split(' ').filter((name) => allowed.has(name));
  return { ...server, scope: scope.join(' ') };
}

async function ownResourceServerInfo(
  db: Db,
  ctx: KoaContextWithOIDC,
  indicator: string,
  client: Client,
): Promise<ResourceServer> {
  const accountId = subjectAccountId(ctx);
  const organizationId = organizationIdParam(ctx);
  if (indicator === ORGANIZATION_RESOURCE) return organizationResourceServer(db, organizationId, accountId);
  const resource = await resourceByIndicator(db, indicator);
  if (!resource) throw new errors.InvalidTarget('unknown resource indicator');

  const names =
    ctx.oidc.params?.grant_type === 'client_credentials'
      ? await cachedApplicationScopeNames(db, client.clientId, resource.id)
      : accountId
        ? await userScopeNames(db, accountId, resource.id, organizationId)
        : await resourceScopeNames(db, resource.id);

  return {
    scope: names.join(' '),
    audience: indicator,
    accessTokenTTL: resource.accessTokenTtl,
    accessTokenFormat: 'jwt',
  };
}

/**
 * The user a token is being issued for: the account the token endpoint resolved from the code or
 * refresh token, or at the authorization endpoint the session's signed-in account.
 */
function subjectAccountId(ctx: KoaContextWithOIDC): string | undefined {
  const { entities } = ctx.oidc;
  return (
    entities.Account?.accountId ??
    entities.RefreshToken?.accountId ??
    entities.AuthorizationCode?.accountId ??
    entities.Session?.accountId
  );
}

/**
 * The scopes of a resource the user may be granted at sign-in (the consent reads them): through
 * user roles, and through organization roles in any organization, so that a later refresh with
 * `organization_id` can carry the latter. Tokens without `organization_id` carry only the former.
 */
export async function scopesGrantableToUser(db: Db, userId: string, indicator: string): Promise<string[]> {
  if (indicator === ORGANIZATION_RESOURCE) return organizationScopeNames(db);
  const resource = await resourceByIndicator(db, indicator);
  if (!resource) return [];
  const [throughRoles, throughOrganizations] = await Promise.all([
    userResourceScopeNames(db, userId, { id: resource.id }),
    organizationRoleResourceScopeNames(db, { userId, resourceId: resource.id }),
  ]);
  return [...new Set([...throughRoles, ...throughOrganizations])];
}

/** Through user roles; for one organization (`organization_id`), through its roles there only. */
async function userScopeNames(
  db: Db,
  userId: string,
  resourceId: string,
  organizationId: string | undefined,
): Promise<string[]> {
  if (organizationId) return organizationRoleResourceScopeNames(db, { userId, resourceId, organizationId });
  return userResourceScopeNames(db, userId, { id: resourceId });
}

async function resourceScopeNames(db: Db, resourceId: string): Promise<string[]> {
  const rows = await db.selectFrom('scopes').select('name').where('resource_id', '=', resourceId).execute();
  return rows.map((row) => row.name);
}

import { errors, type Client, type KoaContextWithOIDC, type ResourceServer } from 'oidc-provider';
import type { Db } from '../storage/database.js';
import { userResourceScopeNames } from '../users/user-scopes.repository.js';
import { cachedApplicationScopeNames } from './application-scopes.js';
import { resourceByIndicator } from './resource-lookup.js';

/**
 * An API resource as oidc-provider sees it: JWT access tokens for its indicator, signed with the
 * newest signing key's algorithm (no `jwt.sign`: the provider's default).
 * Its scopes are the ones the token's subject holds now: an application's through its roles for
 * client_credentials, a user's through user roles otherwise. oidc-provider intersects them with
 * the grant, so a role removed after sign-in no longer yields its scope at the next code
 * exchange or refresh. Before anyone has signed in there is no subject yet, and nothing is issued.
 */
export async function resourceServerInfo(
  db: Db,
  ctx: KoaContextWithOIDC,
  indicator: string,
  client: Client,
): Promise<ResourceServer> {
  const resource = await resourceByIndicator(db, indicator);
  if (!resource) throw new errors.InvalidTarget('unknown resource indicator');

  const accountId = subjectAccountId(ctx);
  const names =
    ctx.oidc.params?.grant_type === 'client_credentials'
      ? await cachedApplicationScopeNames(db, client.clientId, resource.id)
      : accountId
        ? await userResourceScopeNames(db, accountId, { id: resource.id })
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

async function resourceScopeNames(db: Db, resourceId: string): Promise<string[]> {
  const rows = await db.selectFrom('scopes').select('name').where('resource_id', '=', resourceId).execute();
  return rows.map((row) => row.name);
}

import { errors, type Client, type KoaContextWithOIDC, type ResourceServer } from 'oidc-provider';
import type { Db } from '../storage/database.js';

/**
 * An API resource as oidc-provider sees it: JWT access tokens for its indicator, signed ES256.
 * A client_credentials token may only carry the scopes the application holds through its roles;
 * user-facing grants are narrowed when the grant is created.
 */
export async function resourceServerInfo(
  db: Db,
  ctx: KoaContextWithOIDC,
  indicator: string,
  client: Client,
): Promise<ResourceServer> {
  const resource = await db
    .selectFrom('resources')
    .select(['id', 'access_token_ttl'])
    .where('indicator', '=', indicator)
    .executeTakeFirst();
  if (!resource) throw new errors.InvalidTarget('unknown resource indicator');

  const names =
    ctx.oidc.params?.grant_type === 'client_credentials'
      ? await applicationScopeNames(db, client.clientId, resource.id)
      : await resourceScopeNames(db, resource.id);

  return {
    scope: names.join(' '),
    audience: indicator,
    accessTokenTTL: resource.access_token_ttl,
    accessTokenFormat: 'jwt',
    jwt: { sign: { alg: 'ES256' } },
  };
}

async function resourceScopeNames(db: Db, resourceId: string): Promise<string[]> {
  const rows = await db.selectFrom('scopes').select('name').where('resource_id', '=', resourceId).execute();
  return rows.map((row) => row.name);
}

async function applicationScopeNames(db: Db, applicationId: string, resourceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('applications_roles as ar')
    .innerJoin('roles_scopes as rs', 'rs.role_id', 'ar.role_id')
    .innerJoin('scopes as s', 's.id', 'rs.scope_id')
    .select('s.name')
    .distinct()
    .where('ar.application_id', '=', applicationId)
    .where('s.resource_id', '=', resourceId)
    .execute();
  return rows.map((row) => row.name);
}

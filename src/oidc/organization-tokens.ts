import type Provider from 'oidc-provider';
import { errors, type Configuration, type KoaContextWithOIDC, type ResourceServer } from 'oidc-provider';
import grantInternals from 'oidc-provider/lib/helpers/weak_cache.js';
import type { Db } from '../storage/database.js';
import { writeLogBatched } from '../audit/log-batch.js';
import { organizationAccess } from '../organizations/consent-organizations.repository.js';
import { memberScopeNames, organizationScopeNames } from '../organizations/token-scopes.repository.js';

/**
 * Logto's organization tokens: a user who signed in with `urn:logto:scope:organizations` (and,
 * as Logto's SDKs do, the reserved resource `urn:logto:resource:organizations`) trades the
 * refresh token with `organization_id` for a JWT whose audience is `urn:logto:organization:<id>`
 * and whose scopes are the organization scopes the user holds there now. With `resource` as well,
 * the token is for that API resource, narrowed to the organization (resource-servers.ts).
 */

export const ORGANIZATION_RESOURCE = 'urn:logto:resource:organizations';
export const ORGANIZATIONS_SCOPE = 'urn:logto:scope:organizations';
export const ORGANIZATION_ROLES_SCOPE = 'urn:logto:scope:organization_roles';
const ORGANIZATION_TOKEN_TTL = 3600;

export const organizationAudience = (organizationId: string) => `urn:logto:organization:${organizationId}`;

/** The `organization_id` of a token request, when there is one. */
export function organizationIdParam(ctx: KoaContextWithOIDC): string | undefined {
  const value = ctx.oidc.params?.organization_id;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The reserved resource: at sign-in it can grant any organization scope (which organizations the
 * user belongs to changes after sign-in); for one organization, the scopes the user holds there.
 */
export async function organizationResourceServer(
  db: Db,
  organizationId: string | undefined,
  accountId: string | undefined,
): Promise<ResourceServer> {
  const forOrganization = organizationId !== undefined && accountId !== undefined;
  const names = forOrganization
    ? await memberScopeNames(db, organizationId, accountId)
    : await organizationScopeNames(db);
  return {
    audience: forOrganization ? organizationAudience(organizationId) : ORGANIZATION_RESOURCE,
    scope: names.join(' '),
    accessTokenTTL: ORGANIZATION_TOKEN_TTL,
    accessTokenFormat: 'jwt',
  };
}

/**
 * Re-registers oidc-provider's refresh_token grant with `organization_id`: the checks Logto makes
 * (the organizations scope, membership) come first, then the provider's own handler issues the
 * token, so refresh token validation, rotation and reuse detection stay the provider's.
 */
export function registerOrganizationTokens(provider: Provider, db: Db): void {
  const original = grantInternals(provider).grantTypeHandlers.get('refresh_token');
  if (!original) throw new Error('the refresh_token grant is not registered');
  provider.registerGrantType(
    'refresh_token',
    async (ctx: KoaContextWithOIDC) => {
      const organizationId = organizationIdParam(ctx);
      if (organizationId) {
        await checkOrganizationAccess(ctx, db, organizationId);
        ctx.oidc.params!.resource ??= ORGANIZATION_RESOURCE;
      }
      await original(ctx);
    },
    ['refresh_token', 'scope', 'resource', 'organization_id'],
    ['resource'],
  );
}

/**
 * Logto's checks before an organization token: the sign-in asked for the organizations scope, the
 * user is a member, and a third-party application acts only where the user consented to it.
 */
async function checkOrganizationAccess(ctx: KoaContextWithOIDC, db: Db, organizationId: string) {
  const { RefreshToken } = ctx.oidc.provider;
  const client = ctx.oidc.client!;
  const token = await RefreshToken.find(String(ctx.oidc.params!.refresh_token), { ignoreExpiration: true });
  // An unusable (or reused) refresh token is the provider's to refuse, reuse detection included.
  if (!token || token.clientId !== client.clientId || token.isExpired || token.consumed) return;
  if (!token.scopes.has(ORGANIZATIONS_SCOPE)) {
    throw new errors.InsufficientScope('refresh token missing required scope', ORGANIZATIONS_SCOPE);
  }
  const userId = token.accountId;
  const access = userId
    ? await organizationAccess(db, { applicationId: client.clientId, userId, organizationId })
    : undefined;
  const refusal = !access?.member
    ? 'user is not a member of the organization'
    : access.thirdParty && !access.consented
      ? 'organization access is not granted to the application'
      : undefined;
  if (!refusal) return;
  await logRefusal(db, { applicationId: client.clientId, userId, organizationId, refusal });
  throw accessDenied(refusal);
}

/** Every refused organization token leaves an audit record (Logto's key for the refresh grant). */
async function logRefusal(
  db: Db,
  trail: { applicationId: string; userId: string | undefined; organizationId: string; refusal: string },
) {
  await writeLogBatched(db, {
    key: 'ExchangeTokenBy.RefreshToken',
    userId: trail.userId,
    applicationId: trail.applicationId,
    payload: {
      result: 'Error',
      // The caller's input: bounded, as an audit record is kept for long.
      organizationId: trail.organizationId.slice(0, 256),
      error: { code: 'access_denied', description: trail.refusal },
    },
  });
}

function accessDenied(message: string) {
  const error = new errors.AccessDenied(message);
  Object.assign(error, { status: 403, statusCode: 403 });
  return error;
}

type ExtraTokenClaims = NonNullable<Configuration['extraTokenClaims']>;

/**
 * Access tokens issued for an organization carry its id as `organization_id`, as Logto's do for an
 * API resource asked for with `organization_id` (here organization tokens too, besides their
 * audience); set last, so an operator's claims script cannot change it.
 */
export function withOrganizationClaim(inner: ExtraTokenClaims): ExtraTokenClaims {
  return async (ctx, token) => {
    const claims = await inner(ctx, token);
    // A token saved outside a request (a test, a script) has no context.
    const organizationId =
      ctx?.oidc?.params?.grant_type === 'refresh_token' ? organizationIdParam(ctx) : undefined;
    if (!organizationId || token.kind !== 'AccessToken') return claims;
    return { ...claims, organization_id: organizationId };
  };
}

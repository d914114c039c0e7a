import type { Config } from '../config.js';
import { TOKEN_EXCHANGE_GRANT } from '../oidc/clients.js';
import { hasActiveGrant } from '../oidc/grants.repository.js';
import { resourceByIndicator, type ResourceByIndicator } from '../oidc/resource-lookup.js';
import type { Db } from '../storage/database.js';
import { userResourceScopeNames } from '../users/user-scopes.repository.js';
import { refusal, type OidcError } from './exchange-errors.js';
import type { ExchangeSubject } from './exchange-steps.js';
import { isActiveUser } from './exchange.repository.js';
import type { AccessTokenReader, IssuedAccessToken } from './issued-access-token.js';

const ORGANIZATION_AUDIENCE_PREFIX = 'urn:logto:organization:';

/**
 * A user's own access token as the subject (RFC 8693 downscoping): a token this service issued to
 * the user, exchanged for one bound to another resource with the requested scopes the user holds
 * there. Not single use (it is no credential of the management API), but it must still stand:
 * its user active, and for a JWT its audience one of ours and the sign-in it came from not revoked.
 * Tokens from a token exchange never qualify: no chains, and no renewing a token past its expiry.
 */
export async function subjectFromAccessToken(
  deps: { db: Db; config: Config; read: AccessTokenReader },
  token: string,
  resource: ResourceByIndicator,
  requested: string[],
): Promise<ExchangeSubject> {
  const claims = await deps.read(token, 'subject_token');
  const userId = claims.sub && claims.sub !== claims.clientId ? claims.sub : undefined;
  const refuse = (description: string, reason?: string): OidcError => {
    const error = refusal('invalid_grant', description, reason);
    error.auditSubject = { userId };
    return error;
  };
  if (claims.act !== undefined || claims.gty === TOKEN_EXCHANGE_GRANT) {
    throw refuse('subject_token came from a token exchange: delegation chains are not allowed');
  }
  if (!userId) throw refuse('subject_token does not belong to a user');
  if (claims.exp !== undefined && claims.exp <= Math.floor(Date.now() / 1000)) {
    throw refuse('subject_token has expired');
  }
  if (claims.format === 'jwt' && !(await isOurAudience(deps, claims.aud))) {
    throw refuse('subject_token was not issued for an API resource of this service', 'foreign audience');
  }
  if (!(await isActiveUser(deps.db, userId))) {
    throw refuse('the subject user does not exist or is suspended');
  }
  if (claims.format === 'jwt' && !(await signInStands(deps.db, userId, claims))) {
    throw refuse('subject_token has been revoked', 'no live grant of the user for the token’s application');
  }
  const held = new Set(await userResourceScopeNames(deps.db, userId, { id: resource.id }));
  return {
    userId,
    context: {},
    heldScopes: requested.filter((scope) => held.has(scope)),
    accessTokenId: claims.jti,
    notAfter: claims.exp,
  };
}

/** Every audience is one of our API resources (the management API included) or organizations. */
async function isOurAudience(deps: { db: Db }, aud: string | string[] | undefined): Promise<boolean> {
  const audiences = typeof aud === 'string' ? [aud] : (aud ?? []);
  if (audiences.length === 0) return false;
  for (const audience of audiences) {
    if (audience.startsWith(ORGANIZATION_AUDIENCE_PREFIX)) continue;
    if (!(await resourceByIndicator(deps.db, audience))) return false;
  }
  return true;
}

/**
 * A JWT access token is not stored, so revocation shows only through what it came from: the user
 * still holds a grant for the token's application (revoking the grant, signing out everywhere or
 * deleting the application removes it). A token issued before a grant was replaced passes.
 */
async function signInStands(db: Db, userId: string, claims: IssuedAccessToken): Promise<boolean> {
  return claims.clientId !== undefined && (await hasActiveGrant(db, userId, claims.clientId));
}

import type { Config } from '../config.js';
import { TOKEN_EXCHANGE_GRANT } from '../oidc/clients.js';
import { hasActiveGrant } from '../oidc/grants.repository.js';
import { resourceByIndicator, type ResourceByIndicator } from '../oidc/resource-lookup.js';
import type { Clock } from '../storage/clock.js';
import type { Db } from '../storage/database.js';
import { userResourceScopeNames } from '../users/user-scopes.repository.js';
import { isOidcError, refusal } from './exchange-errors.js';
import { exchangeApplication, type ExchangeSubject } from './exchange-steps.js';
import { isActiveUser, type ExchangeApplication } from './exchange.repository.js';
import type { AccessTokenReader, IssuedAccessToken } from './issued-access-token.js';

const ORGANIZATION_AUDIENCE_PREFIX = 'urn:logto:organization:';

type Deps = { db: Db; config: Config; clock: Clock; read: AccessTokenReader };

export interface AccessTokenExchange {
  /** The application asking for the exchange (already allowed to exchange). */
  client: ExchangeApplication;
  resource: ResourceByIndicator;
  requested: string[];
}

/**
 * A user's own access token as the subject (RFC 8693 downscoping): a token this service issued to
 * the user through a first-party application, exchanged for a narrower one: the same resource (one
 * of the token's audiences), with the requested scopes that the token carries and the user still
 * holds there. Not single use (it is no credential of the management API), but it must still
 * stand: its user active, and for a JWT the sign-in it came from not revoked. Tokens from a token
 * exchange never qualify: no chains, and no renewing a token past its expiry.
 */
export async function subjectFromAccessToken(
  deps: Deps,
  token: string,
  exchange: AccessTokenExchange,
): Promise<ExchangeSubject> {
  const claims = await deps.read(token, 'subject_token');
  const userId = claims.sub && claims.sub !== claims.clientId ? claims.sub : undefined;
  try {
    checkStandsAlone(claims, deps.clock.now());
    if (!userId) throw refusal('invalid_grant', 'subject_token does not belong to a user');
    await checkIssuedToFirstParty(deps.db, claims);
    checkPublicClientHoldsToken(exchange.client, claims);
    await checkTargetWithinToken(deps.db, claims, exchange.resource);
    await checkSignInStands(deps.db, userId, claims);
    return {
      userId,
      context: {},
      heldScopes: await narrowScopes(deps.db, userId, claims, exchange),
      accessTokenId: claims.jti,
      notAfter: claims.exp,
    };
  } catch (error) {
    if (isOidcError(error)) error.auditSubject = { userId };
    throw error;
  }
}

/** Not from an exchange (no chains, no renewal past its expiry), and not expired. */
export function checkStandsAlone(claims: IssuedAccessToken, now: number): void {
  if (claims.act !== undefined || claims.gty === TOKEN_EXCHANGE_GRANT) {
    throw refusal(
      'invalid_grant',
      'subject_token came from a token exchange: delegation chains are not allowed',
    );
  }
  if (claims.exp !== undefined && claims.exp <= Math.floor(now / 1000)) {
    throw refusal('invalid_grant', 'subject_token has expired');
  }
}

/**
 * A third-party application holds the user's consent for what it asked at sign-in and nothing
 * more: its token (or one of an application since deleted) never stands for the user here.
 */
export async function checkIssuedToFirstParty(db: Db, claims: IssuedAccessToken): Promise<void> {
  const issuedTo = claims.clientId ? await exchangeApplication(db, claims.clientId) : undefined;
  if (!issuedTo) {
    throw refusal(
      'invalid_grant',
      'subject_token was issued to an unknown application',
      'unknown application',
    );
  }
  if (issuedTo.isThirdParty) {
    throw refusal(
      'invalid_grant',
      'subject_token was issued to a third-party application',
      'third-party subject token',
    );
  }
}

/**
 * A public client proves nothing at the token endpoint (anyone can send its client_id), so it
 * exchanges only tokens issued to itself (RFC 6749's `invalid_grant`: issued to another client).
 */
export function checkPublicClientHoldsToken(client: ExchangeApplication, claims: IssuedAccessToken): void {
  const isPublic = client.type === 'SPA' || client.type === 'Native';
  if (isPublic && claims.clientId !== client.id) {
    throw refusal(
      'invalid_grant',
      'subject_token was issued to another client; a public client exchanges only its own tokens',
      'public client, foreign subject token',
    );
  }
}

/**
 * Downscoping never reaches a resource the token was not issued for: the target must be one of its
 * audiences, all of them ours. An opaque (user info) token names no API resource, so it has none.
 */
export async function checkTargetWithinToken(
  db: Db,
  claims: IssuedAccessToken,
  resource: ResourceByIndicator,
): Promise<void> {
  const audiences = typeof claims.aud === 'string' ? [claims.aud] : (claims.aud ?? []);
  if (claims.format === 'jwt' && !(await areOurAudiences(db, audiences))) {
    throw refusal(
      'invalid_grant',
      'subject_token was not issued for an API resource of this service',
      'foreign audience',
    );
  }
  if (!audiences.includes(resource.indicator)) {
    throw refusal(
      'invalid_target',
      'the resource is not an audience of subject_token: an exchange only narrows the token',
      'target outside the subject token',
    );
  }
}

/**
 * The user is active and, for a JWT (never stored), still holds a grant for the token's
 * application: revoking the grant, signing out everywhere or deleting the application removes it.
 * A JWT issued before a grant was replaced passes. An opaque token is deleted with its grant.
 */
export async function checkSignInStands(db: Db, userId: string, claims: IssuedAccessToken): Promise<void> {
  if (!(await isActiveUser(db, userId))) {
    throw refusal('invalid_grant', 'the subject user does not exist or is suspended');
  }
  if (claims.format === 'jwt' && !(claims.clientId && (await hasActiveGrant(db, userId, claims.clientId)))) {
    throw refusal(
      'invalid_grant',
      'subject_token has been revoked',
      'no live grant of the user for the token’s application',
    );
  }
}

/**
 * Requested ∩ the token's own scopes ∩ what the user holds on the resource now, in request order;
 * none is a refusal.
 */
export async function narrowScopes(
  db: Db,
  userId: string,
  claims: IssuedAccessToken,
  { resource, requested }: AccessTokenExchange,
): Promise<string[]> {
  const held = new Set(await userResourceScopeNames(db, userId, { id: resource.id }));
  const narrowed = requested.filter((scope) => claims.scopes.has(scope) && held.has(scope));
  if (narrowed.length === 0) {
    throw refusal(
      'invalid_scope',
      'none of the requested scopes is both carried by subject_token and held by the user on this resource',
    );
  }
  return narrowed;
}

/** Every audience is one of our API resources (the management API included) or organizations. */
async function areOurAudiences(db: Db, audiences: string[]): Promise<boolean> {
  if (audiences.length === 0) return false;
  for (const audience of audiences) {
    if (audience.startsWith(ORGANIZATION_AUDIENCE_PREFIX)) continue;
    if (!(await resourceByIndicator(db, audience))) return false;
  }
  return true;
}

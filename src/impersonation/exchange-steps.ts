import type { Config } from '../config.js';
import type { Clock } from '../storage/clock.js';
import type { Db } from '../storage/database.js';
import { refusal } from './exchange-errors.js';
import { findExchangeApplication, type ExchangeApplication } from './exchange.repository.js';
import { shortCache } from '../storage/short-cache.js';
import { resourceByIndicator, type ResourceByIndicator } from '../oidc/resource-lookup.js';
import { consumeSubjectToken as consumeRow } from './exchange-writes.repository.js';
import type { UserClaimsContext } from './claims-context.repository.js';
import { activeCustomizer, customizerKeys } from './jwt-customizers.service.js';
import { describeUnusableToken } from './subject-tokens.repository.js';
import { hashSubjectToken, isWellFormedSubjectToken } from './subject-tokens.service.js';

// Read on every exchange, changed rarely: switching token exchange off, or a resource's TTL,
// takes effect within a second on every instance.
export const exchangeApplication = shortCache(findExchangeApplication);

/** Token exchange is off unless the application turned it on; third-party apps never may. */
export async function checkClientMayExchange(db: Db, clientId: string): Promise<ExchangeApplication> {
  const application = await exchangeApplication(db, clientId);
  if (
    !application ||
    application.isThirdParty ||
    application.customClientMetadata.allowTokenExchange !== true
  ) {
    throw refusal('unauthorized_client', 'token exchange is not allowed for this application');
  }
  return application;
}

/**
 * A known API resource. The management API is never a target: an impersonated token must not
 * reach the service's own administration.
 */
export async function resolveResource(
  db: Db,
  config: Config,
  indicator: string,
): Promise<ResourceByIndicator> {
  const resource =
    indicator === config.managementApiIndicator ? undefined : await resourceByIndicator(db, indicator);
  if (!resource) throw refusal('invalid_target', 'resource is not a known API resource');
  return resource;
}

export interface ExchangeSubject {
  userId: string;
  context: Record<string, unknown>;
  /** The scopes the user holds on the resource, of those requested. */
  heldScopes: string[];
  /** The custom-claims script's view of the user, when it was read with the consume. */
  claimsContext?: UserClaimsContext;
  subjectTokenId?: string;
  /** For a user's own JWT access token: its `jti`, and its expiry, which the issued token never passes. */
  accessTokenId?: string;
  notAfter?: number;
}

/**
 * Consumes the subject token before anything is issued: a token is good exactly once. The same
 * statement reads which of the requested scopes the user holds on the resource, and the user's
 * custom-claims context when a script will want it.
 */
export async function consumeSubjectToken(
  { db, clock }: { db: Db; clock: Clock },
  token: string,
  resource: ResourceByIndicator,
  requested: string[],
): Promise<ExchangeSubject> {
  const unusable = 'subject_token is invalid, expired or already used';
  if (!isWellFormedSubjectToken(token)) throw refusal('invalid_grant', unusable, 'malformed subject token');
  const hash = hashSubjectToken(token);
  const script = await activeCustomizer(db, customizerKeys['access-token']);
  const row = await consumeRow(
    db,
    {
      tokenHash: hash,
      resourceId: resource.id,
      scopes: requested,
      withContext: script !== undefined,
    },
    clock,
  );
  if (!row) {
    const { state, id, userId } = await describeUnusableToken(db, hash);
    const error = refusal('invalid_grant', unusable, `${state} subject token`);
    error.auditSubject = { subjectTokenId: id, userId };
    throw error;
  }
  if (row.userSuspended) throw refusal('invalid_grant', 'the subject user is suspended');
  if ('act' in row.context) {
    throw refusal('invalid_grant', 'the subject token carries act: delegation chains are not allowed');
  }
  const { id: subjectTokenId, userId, context, heldScopes, claimsContext } = row;
  return { subjectTokenId, userId, context, heldScopes, claimsContext };
}

/**
 * Nobody acts for themself: a user's own token as the actor of their own subject token has no
 * legitimate use and signals a misuse of the support flow. Refused (the subject token is spent).
 */
export function refuseSelfImpersonation(subject: ExchangeSubject, actor: string | undefined): void {
  if (actor !== undefined && actor === subject.userId) {
    throw refusal('invalid_grant', 'the actor and the subject are the same user', 'self-impersonation');
  }
}

/**
 * Requested scopes ∩ scopes the user holds on the resource through roles, in request order;
 * none is a refusal (the subject token is spent all the same).
 */
export function grantScopes(subject: ExchangeSubject, requested: string[]): string[] {
  const held = new Set(subject.heldScopes);
  const granted = requested.filter((scope) => held.has(scope));
  if (granted.length === 0) {
    throw refusal('invalid_scope', 'the user holds none of the requested scopes on this resource');
  }
  return granted;
}

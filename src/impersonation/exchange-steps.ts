import type { Config } from '../config.js';
import type { Db } from '../storage/database.js';
import { refusal } from './exchange-errors.js';
import {
  findExchangeApplication,
  findResourceByIndicator,
  heldScopeNames,
  type ExchangeApplication,
  type ExchangeResource,
} from './exchange.repository.js';
import { consumeSubjectToken as consumeRow, describeUnusableToken } from './subject-tokens.repository.js';
import { hashSubjectToken, isWellFormedSubjectToken } from './subject-tokens.service.js';

export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

export interface ExchangeParams {
  subjectToken: string;
  resource: string;
  scopes: string[];
  actorToken: string | undefined;
}

/** Token exchange is off unless the application turned it on; third-party apps never may. */
export async function checkClientMayExchange(db: Db, clientId: string): Promise<ExchangeApplication> {
  const application = await findExchangeApplication(db, clientId);
  if (
    !application ||
    application.isThirdParty ||
    application.customClientMetadata.allowTokenExchange !== true
  ) {
    throw refusal('unauthorized_client', 'token exchange is not allowed for this application');
  }
  return application;
}

/** The parameters of the specification's table, with their token types checked. */
export function readExchangeParams(params: Record<string, unknown>): ExchangeParams {
  const text = (name: string) =>
    typeof params[name] === 'string' && params[name] ? params[name] : undefined;
  const subjectToken = text('subject_token');
  if (!subjectToken) throw refusal('invalid_request', "missing required parameter 'subject_token'");
  if (text('subject_token_type') !== ACCESS_TOKEN_TYPE) {
    throw refusal('invalid_request', `subject_token_type must be ${ACCESS_TOKEN_TYPE}`);
  }
  const requested = text('requested_token_type');
  if (requested && requested !== ACCESS_TOKEN_TYPE) {
    throw refusal('invalid_request', `only ${ACCESS_TOKEN_TYPE} can be requested`);
  }
  const actorToken = text('actor_token');
  const actorTokenType = text('actor_token_type');
  if (actorToken && actorTokenType !== ACCESS_TOKEN_TYPE) {
    throw refusal('invalid_request', `actor_token_type must be ${ACCESS_TOKEN_TYPE}`);
  }
  if (!actorToken && actorTokenType) {
    throw refusal('invalid_request', 'actor_token_type was sent without actor_token');
  }
  const resource = text('resource');
  if (!resource) throw refusal('invalid_target', 'resource is required');
  const scopes = [...new Set((text('scope') ?? '').split(' ').filter(Boolean))];
  if (scopes.length === 0) throw refusal('invalid_request', "missing required parameter 'scope'");
  return { subjectToken, resource, scopes, actorToken };
}

/**
 * A known API resource. The management API is never a target: an impersonated token must not
 * reach the service's own administration.
 */
export async function resolveResource(db: Db, config: Config, indicator: string): Promise<ExchangeResource> {
  const resource =
    indicator === config.managementApiIndicator ? undefined : await findResourceByIndicator(db, indicator);
  if (!resource) throw refusal('invalid_target', 'resource is not a known API resource');
  return resource;
}

export interface ConsumedSubject {
  subjectTokenId: string;
  userId: string;
  context: Record<string, unknown>;
}

/** Consumes the subject token before anything is issued; a token is good exactly once. */
export async function consumeSubjectToken(db: Db, token: string): Promise<ConsumedSubject> {
  const unusable = 'subject_token is invalid, expired or already used';
  if (!isWellFormedSubjectToken(token)) throw refusal('invalid_grant', unusable, 'malformed subject token');
  const hash = hashSubjectToken(token);
  const row = await consumeRow(db, hash);
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
  return { subjectTokenId: row.id, userId: row.userId, context: row.context };
}

/** Requested scopes ∩ scopes the user holds on the resource through roles; none is a refusal. */
export async function grantScopes(
  db: Db,
  userId: string,
  resource: ExchangeResource,
  requested: string[],
): Promise<string[]> {
  const held = new Set(await heldScopeNames(db, userId, resource.id, requested));
  const granted = requested.filter((scope) => held.has(scope));
  if (granted.length === 0) {
    throw refusal('invalid_scope', 'the user holds none of the requested scopes on this resource');
  }
  return granted;
}

import { refusal } from './exchange-errors.js';
import { SUBJECT_TOKEN_PREFIX } from './subject-tokens.service.js';

export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
/** Logto's explicit type for a subject token of the management API. */
export const IMPERSONATION_TOKEN_TYPE = 'urn:logto:token-type:impersonation_token';

export interface ExchangeParams {
  subjectToken: string;
  /** A subject token from the management API, or a user's own access token (downscoping). */
  subjectKind: 'subject_token' | 'access_token';
  resource: string;
  scopes: string[];
  actorToken: string | undefined;
}

/** The parameters of the specification's table and RFC 8693's `audience`, token types checked. */
export function readExchangeParams(params: Record<string, unknown>): ExchangeParams {
  const text = (name: string) =>
    typeof params[name] === 'string' && params[name] ? params[name] : undefined;
  const subjectToken = text('subject_token');
  if (!subjectToken) throw refusal('invalid_request', "missing required parameter 'subject_token'");
  const subjectTokenType = text('subject_token_type');
  if (subjectTokenType !== ACCESS_TOKEN_TYPE && subjectTokenType !== IMPERSONATION_TOKEN_TYPE) {
    throw refusal(
      'invalid_request',
      `subject_token_type must be ${ACCESS_TOKEN_TYPE} or ${IMPERSONATION_TOKEN_TYPE}`,
    );
  }
  // Under the access-token type, a subject token is told apart by its prefix (the specification's form).
  const subjectKind =
    subjectTokenType === IMPERSONATION_TOKEN_TYPE || subjectToken.startsWith(SUBJECT_TOKEN_PREFIX)
      ? 'subject_token'
      : 'access_token';
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
  const resource = targetResource(text('resource'), text('audience'));
  const scopes = [...new Set((text('scope') ?? '').split(' ').filter(Boolean))];
  if (scopes.length === 0) throw refusal('invalid_request', "missing required parameter 'scope'");
  return { subjectToken, subjectKind, resource, scopes, actorToken };
}

/** RFC 8693's `audience` names the same thing as `resource` here: a resource indicator. */
function targetResource(resource: string | undefined, audience: string | undefined): string {
  if (resource && audience && resource !== audience) {
    throw refusal('invalid_target', 'audience and resource name different resources');
  }
  const target = resource ?? audience;
  if (!target) throw refusal('invalid_target', 'resource is required');
  return target;
}

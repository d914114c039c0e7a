import { refusal } from './exchange-errors.js';
import { SUBJECT_TOKEN_PREFIX } from './subject-tokens.service.js';

export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
/** Logto's explicit type for a subject token of the management API. */
export const IMPERSONATION_TOKEN_TYPE = 'urn:logto:token-type:impersonation_token';
/** Logto's type for a user's personal access token (`pat_…`). */
export const PERSONAL_ACCESS_TOKEN_TYPE = 'urn:logto:token-type:personal_access_token';

const subjectTokenTypes = [ACCESS_TOKEN_TYPE, IMPERSONATION_TOKEN_TYPE, PERSONAL_ACCESS_TOKEN_TYPE];

export interface ExchangeParams {
  subjectToken: string;
  /**
   * A subject token from the management API, a user's own access token (downscoping), or a
   * user's personal access token.
   */
  subjectKind: 'subject_token' | 'access_token' | 'personal_access_token';
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
  if (!subjectTokenType || !subjectTokenTypes.includes(subjectTokenType)) {
    throw refusal('invalid_request', `subject_token_type must be one of ${subjectTokenTypes.join(', ')}`);
  }
  const subjectKind = subjectKindOf(subjectTokenType, subjectToken);
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

/** Under the access-token type, a subject token is told apart by its prefix (the specification's form). */
function subjectKindOf(type: string, token: string): ExchangeParams['subjectKind'] {
  if (type === PERSONAL_ACCESS_TOKEN_TYPE) return 'personal_access_token';
  return type === IMPERSONATION_TOKEN_TYPE || token.startsWith(SUBJECT_TOKEN_PREFIX)
    ? 'subject_token'
    : 'access_token';
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

import type { Tracer } from '@opentelemetry/api';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Services } from '../services.js';
import { writeLog } from '../audit/write-log.js';
import { TOKEN_EXCHANGE_GRANT } from '../oidc/clients.js';
import { inSpan } from '../operations/spans.js';
import type { Clock } from '../storage/clock.js';
import type { Db } from '../storage/database.js';
import { createActorVerifier, type ActorVerifier } from './actor-token.js';
import type { ClaimsDeps } from './custom-claims.js';
import { logExchange } from './exchange-writes.repository.js';
import { createAccessTokenReader, type AccessTokenReader } from './issued-access-token.js';
import { isOidcError, type OidcError } from './exchange-errors.js';
import {
  checkClientMayExchange,
  consumeSubjectToken,
  grantScopes,
  refuseSelfImpersonation,
  resolveResource,
} from './exchange-steps.js';
import { readExchangeParams, type ExchangeParams } from './exchange-params.js';
import { issueToken } from './issue-token.js';
import { subjectFromAccessToken } from './subject-access-token.js';
import { subjectFromPersonalAccessToken } from './subject-personal-access-token.js';

const LOG_KEY = 'ExchangeTokenBy.TokenExchange';

const parameters = [
  'subject_token',
  'subject_token_type',
  'actor_token',
  'actor_token_type',
  'requested_token_type',
  'resource',
  'audience',
  'scope',
];

/** What the audit log says about one exchange; never a token. */
interface Trail {
  applicationId: string;
  userId?: string;
  subjectTokenType?: ExchangeParams['subjectKind'];
  subjectTokenId?: string;
  /** A subject JWT access token's `jti` (never an opaque token: its id is its value). */
  accessTokenId?: string;
  resource?: string;
  actorId?: string;
}

/** Registers the RFC 8693 token exchange grant on the provider. */
export function registerTokenExchange(provider: Provider, services: Omit<Services, 'provider'>): void {
  const read = createAccessTokenReader(provider, services.config, services.keys, services.clock);
  const deps: ExchangeDeps = {
    db: services.db,
    config: services.config,
    clock: services.clock,
    read,
    tracer: services.tracer,
  };
  const actors = createActorVerifier(services.db, read);
  const logged = new WeakSet<object>();

  provider.registerGrantType(
    TOKEN_EXCHANGE_GRANT,
    (ctx) => exchangeToken(ctx, deps, actors, logged),
    parameters,
  );
  // Refusals before the grant runs (client authentication, grant type not allowed) land here.
  provider.on('grant.error', (ctx: KoaContextWithOIDC, error: unknown) => {
    if (ctx.oidc?.params?.grant_type !== TOKEN_EXCHANGE_GRANT || !isOidcError(error) || logged.has(error))
      return;
    const applicationId = ctx.oidc.client?.clientId ?? claimedClientId(ctx);
    logRefusal(services.db, { applicationId }, error).catch((failure: unknown) => {
      console.error('tessera: could not write the audit log of a refused token exchange', failure);
    });
  });
}

type ExchangeDeps = ClaimsDeps & { clock: Clock; read: AccessTokenReader; tracer: Tracer };

async function exchangeToken(
  ctx: KoaContextWithOIDC,
  deps: ExchangeDeps,
  actors: ActorVerifier,
  logged: WeakSet<object>,
): Promise<void> {
  const client = ctx.oidc.client!;
  const trail: Trail = { applicationId: client.clientId };
  // Each step in a span of its own (named, never with a token or parameter value).
  const step = <T>(name: string, run: () => T): T => inSpan(deps.tracer, `token_exchange.${name}`, run);
  try {
    const application = await step('check_client', () => checkClientMayExchange(deps.db, client.clientId));
    const params = step('read_params', () => readExchangeParams(ctx.oidc.params as Record<string, unknown>));
    trail.subjectTokenType = params.subjectKind;
    const resource = await step('resolve_resource', () =>
      resolveResource(deps.db, deps.config, params.resource),
    );
    trail.resource = resource.indicator;
    // The actor is checked first: a bad actor token should not burn the subject token.
    const actorToken = params.actorToken;
    const actor = actorToken ? await step('verify_actor', () => actors.verifyActor(actorToken)) : undefined;
    trail.actorId = actor;
    const subject = await step('consume_subject_token', () => {
      switch (params.subjectKind) {
        case 'access_token':
          return subjectFromAccessToken(deps, params.subjectToken, {
            client: application,
            resource,
            requested: params.scopes,
          });
        case 'personal_access_token':
          return subjectFromPersonalAccessToken(deps, params.subjectToken, resource);
        case 'subject_token':
          return consumeSubjectToken(deps, params.subjectToken, resource, params.scopes);
      }
    });
    const { userId, subjectTokenId, accessTokenId } = subject;
    Object.assign(trail, { userId, subjectTokenId, accessTokenId });
    step('refuse_self_impersonation', () => refuseSelfImpersonation(subject, actor));
    const scopes = step('grant_scopes', () => grantScopes(subject, params.scopes));
    ctx.body = await step('issue_token', () =>
      issueToken(ctx, deps, { client, application, subject, resource, scopes, actor }),
    );
    // Written once the token is issued, with concurrent exchanges' consumes; committed before the answer.
    await step('log_exchange', () =>
      logExchange(
        deps.db,
        {
          key: LOG_KEY,
          userId: subject.userId,
          applicationId: client.clientId,
          payload: { result: 'Success', ...trail, grantedScopes: scopes },
        },
        deps.clock,
      ),
    );
  } catch (error) {
    if (isOidcError(error)) {
      logged.add(error);
      await logRefusal(deps.db, { ...trail, ...error.auditSubject }, error);
    }
    throw error;
  }
}

async function logRefusal(db: Db, trail: Trail, error: OidcError): Promise<void> {
  await writeLog(db, {
    key: LOG_KEY,
    userId: trail.userId,
    applicationId: trail.applicationId || null,
    payload: {
      result: 'Error',
      ...trail,
      error: {
        code: error.error ?? error.message,
        description: error.error_description,
        reason: error.auditReason,
      },
    },
  });
}

/**
 * The client id a failed authentication claimed: from the body, or from HTTP Basic. The header
 * is whatever the caller sent, so a malformed one yields its raw text (bounded), never a throw:
 * this runs in an event listener, where a throw would turn the refusal into a 500.
 */
export function claimedClientId(ctx: Pick<KoaContextWithOIDC, 'oidc' | 'headers'>): string {
  const fromBody = ctx.oidc.params?.client_id;
  if (typeof fromBody === 'string') return fromBody.slice(0, 256);
  const [scheme, value] = (ctx.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'basic' || !value) return '';
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const raw = decoded.slice(0, Math.max(0, decoded.indexOf(':'))).slice(0, 256);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

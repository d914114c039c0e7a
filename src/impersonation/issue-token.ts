import type { AccessToken, Client, KoaContextWithOIDC } from 'oidc-provider';
import { TOKEN_EXCHANGE_GRANT } from '../oidc/clients.js';
import { loadUserClaimsContext } from './claims-context.repository.js';
import { customClaims, type ClaimsDeps } from './custom-claims.js';
import type { ResourceByIndicator } from '../oidc/resource-lookup.js';
import type { ExchangeApplication } from './exchange.repository.js';
import { ACCESS_TOKEN_TYPE } from './exchange-params.js';
import type { ExchangeSubject } from './exchange-steps.js';
import { applicationContext, presetTokenClaims } from './token-claims.js';

export interface IssueRequest {
  client: Client;
  application: ExchangeApplication;
  subject: ExchangeSubject;
  resource: ResourceByIndicator;
  scopes: string[];
  actor: string | undefined;
}

export interface ExchangeResponse {
  access_token: string;
  issued_token_type: typeof ACCESS_TOKEN_TYPE;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

/**
 * A JWT access token for the subject user, bound to one resource with that resource's TTL (never
 * past the expiry of the user's access token it came from), carrying `act` when someone acts for
 * the user and `gty` (the token-exchange grant) so that it is never exchanged again. No refresh
 * token and no ID token: when it expires, the integrator's backend decides again whether the
 * impersonation may go on.
 */
export async function issueToken(
  ctx: KoaContextWithOIDC,
  deps: ClaimsDeps,
  request: IssueRequest,
): Promise<ExchangeResponse> {
  const { provider } = ctx.oidc;
  const { subject, resource, application } = request;
  const scope = request.scopes.join(' ');
  const issuedAt = Math.floor(Date.now() / 1000);
  const ttl = Math.min(resource.accessTokenTtl, (subject.notAfter ?? Infinity) - issuedAt);
  const resourceServer = new provider.ResourceServer(resource.indicator, {
    audience: resource.indicator,
    scope,
    accessTokenTTL: ttl,
    // Signed like every JWT access token: the newest signing key's algorithm.
    accessTokenFormat: 'jwt',
  });
  // Not part of a grant (no consent, no refresh), so no grantId: the typings demand one.
  const token = new provider.AccessToken({
    accountId: subject.userId,
    client: request.client,
    gty: TOKEN_EXCHANGE_GRANT,
    scope,
    resourceServer,
  } as ConstructorParameters<typeof provider.AccessToken>[0]) as AccessToken & { generateTokenId(): string };
  // Generated now (it also fixes the JWT format) so the script sees the final `jti`.
  token.jti = token.generateTokenId();
  const act = request.actor ? { act: { sub: request.actor } } : {};

  const custom = await customClaims(deps, {
    tokenType: 'access-token',
    token: {
      jti: token.jti,
      iss: deps.config.issuer,
      sub: subject.userId,
      aud: resource.indicator,
      client_id: request.client.clientId,
      scope,
      iat: issuedAt,
      exp: issuedAt + ttl,
      ...act,
    },
    context: async () => ({
      grant: { type: TOKEN_EXCHANGE_GRANT, subjectTokenContext: subject.context },
      user: subject.claimsContext ?? (await loadUserClaimsContext(deps.db, subject.userId)),
      application: applicationContext(application),
    }),
    userId: subject.userId,
    applicationId: application.id,
  });
  presetTokenClaims(token, { ...custom, ...act, gty: TOKEN_EXCHANGE_GRANT });

  ctx.oidc.entity('AccessToken', token);
  const value = await token.save();
  return {
    access_token: value!,
    issued_token_type: ACCESS_TOKEN_TYPE,
    token_type: 'Bearer',
    expires_in: token.expiration,
    scope,
  };
}

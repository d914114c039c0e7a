import * as client from 'openid-client';
import type { ApiError } from '../http/errors.js';
import { apiError } from '../http/error-registry.js';
import type { Upstream } from './upstream.js';

/** What an authorization request leaves behind for its callback: kept with the verification. */
export interface AuthorizationSession {
  state: string;
  redirectUri: string;
  codeVerifier: string;
  /** OpenID Connect only: the ID token must carry it back. */
  nonce?: string;
}

/**
 * Step 1: the provider's authorization URL, code flow with PKCE (S256); OpenID Connect adds a
 * nonce. The browser's `state` and `redirectUri` are the sign-in page's own.
 */
export async function buildAuthorizationUri(
  upstream: Upstream,
  request: { state: string; redirectUri: string },
): Promise<{ authorizationUri: string; session: AuthorizationSession }> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const nonce = upstream.kind === 'oidc' ? client.randomNonce() : undefined;
  const url = client.buildAuthorizationUrl(upstream.configuration, {
    ...(upstream.kind === 'oidc' ? upstream.extraParams : {}),
    response_type: 'code',
    redirect_uri: request.redirectUri,
    ...(upstream.scope ? { scope: upstream.scope } : {}),
    state: request.state,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(nonce ? { nonce } : {}),
  });
  return { authorizationUri: url.href, session: { ...request, codeVerifier, ...(nonce ? { nonce } : {}) } };
}

/**
 * Step 2: the callback's parameters (`connectorData`) are checked against the session (state,
 * `iss` when the provider sends it) and the code is redeemed with the PKCE verifier. For OpenID
 * Connect the ID token is required and validated: signature against the provider's JWKS,
 * issuer, audience, expiry and nonce.
 */
export async function redeemCode(
  upstream: Upstream,
  session: AuthorizationSession,
  connectorData: Record<string, unknown>,
) {
  const callback = new URL(session.redirectUri);
  for (const [name, value] of Object.entries(connectorData)) {
    if (typeof value === 'string' && name !== 'redirectUri') callback.searchParams.set(name, value);
  }
  try {
    return await client.authorizationCodeGrant(upstream.configuration, callback, {
      pkceCodeVerifier: session.codeVerifier,
      expectedState: session.state,
      ...(session.nonce ? { expectedNonce: session.nonce } : {}),
      idTokenExpected: upstream.kind === 'oidc',
    });
  } catch (error) {
    throw connectorRefusal(error);
  }
}

export type Tokens = Awaited<ReturnType<typeof redeemCode>>;

/** Step 3: the provider's claims about the user: the ID token's, or the user-info endpoint's. */
export async function readProfile(upstream: Upstream, tokens: Tokens): Promise<Record<string, unknown>> {
  try {
    if (upstream.kind === 'oidc') {
      const claims = tokens.claims()!;
      if (claims.email !== undefined || !upstream.configuration.serverMetadata().userinfo_endpoint) {
        return { ...claims };
      }
      const info = await client.fetchUserInfo(upstream.configuration, tokens.access_token, claims.sub);
      return { ...info, ...claims };
    }
    const response = await client.fetchProtectedResource(
      upstream.configuration,
      tokens.access_token,
      new URL(upstream.userInfoEndpoint),
      'GET',
    );
    if (!response.ok) throw new Error(`user info answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  } catch (error) {
    throw connectorRefusal(error);
  }
}

// openid-client names claim and timestamp failures by code; a bad signature or algorithm is an
// "invalid response" whose cause says it was the JWT.
function isIdTokenProblem(error: unknown): boolean {
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === 'string' && code.startsWith('OAUTH_JWT_')) return true;
  return code === 'OAUTH_INVALID_RESPONSE' && cause instanceof Error && /\bJWT\b/.test(cause.message);
}

/**
 * openid-client's refusals are the provider's or the response's fault (400 with a stable code,
 * its own message never sent); anything else (network, the SSRF guard) is a 502.
 */
export function connectorRefusal(error: unknown): ApiError {
  const failure = isIdTokenProblem(error)
    ? apiError('connector.social_id_token_invalid')
    : error instanceof client.ResponseBodyError ||
        error instanceof client.AuthorizationResponseError ||
        error instanceof client.ClientError
      ? apiError('connector.authorization_failed')
      : apiError('connector.general_error');
  return Object.assign(failure, { cause: error });
}

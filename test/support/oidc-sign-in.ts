import assert from 'node:assert/strict';
import * as oidc from 'openid-client';
import { newId } from '../../src/storage/ids.js';
import { Browser } from './oidc-browser.js';
import type { TestService } from './service.js';

/**
 * A user signing in to an application through a real OIDC client (authorization code + PKCE)
 * and the Experience API, with the fixtures it needs created through the management API.
 */
export interface InteractiveApp {
  id: string;
  secret: string;
  redirectUri: string;
}

async function created<T>(t: TestService, method: string, path: string, body: unknown): Promise<T> {
  const response = await t.api<T>(method, path, body);
  assert.ok(response.status < 300, `${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A confidential Traditional web application. */
export async function createWebApp(
  t: TestService,
  customClientMetadata: Record<string, unknown> = {},
): Promise<InteractiveApp> {
  const redirectUri = `${t.baseUrl}/test-callback/${newId(6)}`;
  const app = await created<{ id: string; secret: string }>(t, 'POST', '/applications', {
    name: `web app ${newId(6)}`,
    type: 'Traditional',
    oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] },
    customClientMetadata,
  });
  return { id: app.id, secret: app.secret, redirectUri };
}

export async function createPasswordUser(t: TestService, password: string) {
  const username = `user_${newId(8)}`;
  const user = await created<{ id: string }>(t, 'POST', '/users', { username, password });
  return { id: user.id, username };
}

export function clientFor(t: TestService, app: InteractiveApp): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(t.config.issuer), app.id, app.secret, oidc.ClientSecretBasic(app.secret), {
    execute: [oidc.allowInsecureRequests],
  });
}

/**
 * The whole flow in `browser` (a fresh browser session unless given): authorization request,
 * Experience API sign-in with the password, back through /oidc/auth, code exchange.
 */
export async function signIn(
  t: TestService,
  app: InteractiveApp,
  user: { username: string },
  password: string,
  parameters: Record<string, string> = {},
  browser = new Browser(),
) {
  const client = await clientFor(t, app);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: app.redirectUri,
    scope: 'openid profile offline_access',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...parameters,
  });
  const signInPage = await browser.followUntil(url, `${t.baseUrl}/sign-in`);
  assert.ok(signInPage.searchParams.get('uid'), 'an interaction');

  const experience = async (method: string, path: string, body?: unknown) => {
    const response = await browser.call(t.baseUrl, method, `/api/experience${path}`, body);
    assert.ok(
      response.status < 300,
      `${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`,
    );
    return response.body;
  };
  await experience('PUT', '', { interactionEvent: 'SignIn' });
  const { verificationId } = await experience('POST', '/verification/password', {
    identifier: { type: 'username', value: user.username },
    password,
  });
  await experience('POST', '/identification', { verificationId });
  const { redirectTo } = await experience('POST', '/submit');

  const callback = await browser.followUntil(redirectTo, app.redirectUri);
  assert.ok(callback.searchParams.get('code'), `no code in ${callback.href}`);
  const tokens = await oidc.authorizationCodeGrant(client, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return { browser, client, tokens };
}

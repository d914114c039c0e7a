import assert from 'node:assert/strict';
import * as oidc from 'openid-client';
import { Browser } from './oidc-browser.js';
import type { TestService } from './service.js';
import type { TestApplication } from './sign-in-fixtures.js';

/**
 * A user signing in to an application through a real OIDC client (authorization code + PKCE)
 * and the Experience API, step by step or as a whole.
 */

/** The application's side: a real OIDC client, confidential or public by application type. */
export function clientFor(t: TestService, app: TestApplication): Promise<oidc.Configuration> {
  const confidential = app.type === 'Traditional';
  return oidc.discovery(
    new URL(t.config.issuer),
    app.id,
    confidential ? app.secret : undefined,
    confidential ? oidc.ClientSecretBasic(app.secret) : oidc.None(),
    { execute: [oidc.allowInsecureRequests] },
  );
}

export interface Authorization {
  browser: Browser;
  client: oidc.Configuration;
  app: TestApplication;
  verifier: string;
  state: string;
  url: URL;
}

export interface InteractiveAuthorization extends Authorization {
  /** The interaction uid the sign-in page was opened with. */
  uid: string;
}

/** The application sends `browser` (a fresh browser session unless given) to its authorization URL. */
export async function authorize(
  t: TestService,
  app: TestApplication,
  parameters: Record<string, string> = {},
  browser = new Browser(),
): Promise<Authorization> {
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
  return { browser, client, app, verifier, state, url };
}

/** The browser opens the authorization URL and lands on the sign-in page with an interaction. */
export async function beginAuthorization(
  t: TestService,
  app: TestApplication,
  parameters: Record<string, string> = {},
  browser?: Browser,
): Promise<InteractiveAuthorization> {
  const authorization = await authorize(t, app, parameters, browser);
  const signInPage = await authorization.browser.followUntil(
    authorization.url,
    `${t.config.baseUrl}/sign-in`,
  );
  const page = await authorization.browser.fetch(signInPage);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<div id="root"><\/div>/);
  const uid = signInPage.searchParams.get('uid');
  assert.ok(uid, 'an interaction');
  return { ...authorization, uid };
}

/** The calls the sign-in page makes; returns the `redirectTo` of the submit. */
export async function signInWithPassword(
  t: TestService,
  browser: Browser,
  username: string,
  password: string,
): Promise<string> {
  const experience = (method: string, path: string, body?: unknown) =>
    browser.call(t.baseUrl, method, `/api/experience${path}`, body);
  assert.equal((await experience('PUT', '', { interactionEvent: 'SignIn' })).status, 204);
  const verification = await experience('POST', '/verification/password', {
    identifier: { type: 'username', value: username },
    password,
  });
  assert.equal(verification.status, 200, JSON.stringify(verification.body));
  const identification = await experience('POST', '/identification', {
    verificationId: verification.body.verificationId,
  });
  assert.equal(identification.status, 204, JSON.stringify(identification.body));
  let submit = await experience('POST', '/submit');
  if (submit.status === 422 && submit.body.code === 'user.missing_mfa' && submit.body.data?.skippable) {
    // A user-controlled MFA policy offers a second factor; this user declines, as a person may.
    assert.equal((await experience('POST', '/profile/mfa/mfa-skipped')).status, 204);
    submit = await experience('POST', '/submit');
  }
  assert.equal(submit.status, 200, JSON.stringify(submit.body));
  return submit.body.redirectTo;
}

/** Back through /oidc/auth to the redirect URI, then the code exchange with PKCE. */
export async function completeAuthorization(
  authorization: Authorization,
  redirectTo: string,
  tokenParameters: Record<string, string> = {},
) {
  const { browser, client, app, verifier, state } = authorization;
  const callback = await browser.followUntil(redirectTo, app.redirectUri);
  assert.ok(callback.searchParams.get('code'), `no code in ${callback.href}`);
  return oidc.authorizationCodeGrant(
    client,
    callback,
    { pkceCodeVerifier: verifier, expectedState: state },
    tokenParameters,
  );
}

/**
 * The whole flow in `browser` (a fresh browser session unless given): authorization request,
 * Experience API sign-in with the password, back through /oidc/auth, code exchange.
 */
export async function signIn(
  t: TestService,
  app: TestApplication,
  user: { username: string },
  password: string,
  parameters: Record<string, string> = {},
  browser?: Browser,
) {
  const authorization = await beginAuthorization(t, app, parameters, browser);
  const redirectTo = await signInWithPassword(t, authorization.browser, user.username, password);
  // The code exchange names the requested resource (RFC 8707): without it, the access token is the
  // one for the user info endpoint, as Logto issues it.
  const tokenParameters: Record<string, string> = parameters.resource
    ? { resource: parameters.resource }
    : {};
  return {
    ...authorization,
    tokens: await completeAuthorization(authorization, redirectTo, tokenParameters),
  };
}

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { sql } from 'kysely';
import * as oidc from 'openid-client';
import { json } from '../support/http.js';
import { startTestService } from '../support/service.js';
import {
  assignRoles,
  createApplication,
  createResourceWithRoles,
  createUser,
} from '../support/sign-in-fixtures.js';
import { markSuspended, suspendThroughApi } from './fixtures.js';
import {
  authorize,
  beginAuthorization,
  completeAuthorization,
  signIn,
  signInWithPassword,
} from '../support/oidc-sign-in.js';

describe('interactive sign-in through the Experience API', async () => {
  const t = await startTestService();
  const password = 'correct horse battery staple';
  const user = await createUser(t, password);
  const traditional = await createApplication(t, 'Traditional');
  const spa = await createApplication(t, 'SPA');
  const native = await createApplication(t, 'Native', { redirectUri: 'io.tessera.test:/callback' });

  it('signs a user in to a confidential Traditional app: ID token, userinfo, refresh', async () => {
    const before = new Date();
    const { client, tokens } = await signIn(t, traditional, user, password);
    assert.equal(tokens.claims()?.sub, user.id);
    assert.ok(tokens.scope?.split(' ').includes('openid'));
    assert.ok(tokens.refresh_token);
    const introspection = await oidc.tokenIntrospection(client, tokens.access_token);
    assert.equal(introspection.active, true);
    assert.ok(introspection.scope?.split(' ').includes('openid'), 'the access token itself carries openid');
    const info = await oidc.fetchUserInfo(client, tokens.access_token, user.id);
    assert.equal(info.username, user.username);

    const refreshed = await oidc.refreshTokenGrant(client, tokens.refresh_token!);
    assert.equal(refreshed.claims()?.sub, user.id);
    assert.ok(refreshed.scope?.split(' ').includes('openid'));

    const row = await t.service.storage.db
      .selectFrom('users')
      .select('last_sign_in_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    assert.ok(row.last_sign_in_at && row.last_sign_in_at >= new Date(before.getTime() - 1000));
  });

  it('sends the browser to the sign-in page with a relative Location, as Logto does', async () => {
    const authorization = await authorize(t, spa);
    const response = await authorization.browser.fetch(authorization.url);
    assert.equal(response.status, 303);
    const location = response.headers.get('location')!;
    assert.match(location, /^\/sign-in\?uid=[\w-]+$/);
    // A client resolving it against the authorization URL lands on the page (RFC 9110 §10.2.2).
    const page = await authorization.browser.fetch(new URL(location, authorization.url));
    assert.equal(page.status, 200);
  });

  it('signs a user in to a public SPA app, with refresh token rotation', async () => {
    const { client, tokens } = await signIn(t, spa, user, password);
    assert.equal(tokens.claims()?.sub, user.id);
    assert.ok(tokens.scope?.split(' ').includes('openid'));
    const refreshed = await oidc.refreshTokenGrant(client, tokens.refresh_token!);
    assert.equal(refreshed.claims()?.sub, user.id);
    assert.notEqual(refreshed.refresh_token, tokens.refresh_token, 'public clients rotate');
  });

  it('signs a user in to a Native app with a custom-scheme redirect URI', async () => {
    const { client, tokens } = await signIn(t, native, user, password);
    assert.equal(tokens.claims()?.sub, user.id);
    assert.ok(await oidc.refreshTokenGrant(client, tokens.refresh_token!));
  });

  it('issues a JWT for a requested resource with only the scopes the user holds', async () => {
    const { indicator, roles } = await createResourceWithRoles(t);
    const reader = await createUser(t, password);
    await assignRoles(t, reader.id, roles.read);
    const resourceRequest = { scope: 'openid profile read write', resource: indicator };

    const first = await signIn(t, traditional, reader, password, resourceRequest);
    assert.equal(first.tokens.claims()?.sub, reader.id);
    const jwks = createLocalJWKSet(await json(await fetch(`${t.config.issuer}/jwks`)));
    const { payload } = await jwtVerify(first.tokens.access_token, jwks, {
      issuer: t.config.issuer,
      audience: indicator,
    });
    assert.equal(payload.sub, reader.id);
    assert.equal(payload.scope, 'read');
    const refreshed = await oidc.refreshTokenGrant(first.client, first.tokens.refresh_token!, {
      resource: indicator,
    });
    assert.equal(
      (await jwtVerify(refreshed.access_token, jwks, { audience: indicator })).payload.scope,
      'read',
    );

    // A new sign-in in the same browser extends the session's grant with the roles held now.
    await assignRoles(t, reader.id, roles.write);
    const again = await signIn(
      t,
      traditional,
      reader,
      password,
      { ...resourceRequest, prompt: 'login' },
      first.browser,
    );
    const extended = await jwtVerify(again.tokens.access_token, jwks, { audience: indicator });
    assert.equal(extended.payload.scope, 'read write');
    const grants = await t.service.storage.db
      .selectFrom('oidc_model_instances')
      .select('id')
      .where('model_name', '=', 'Grant')
      .where(sql`payload->>'accountId'`, '=', reader.id)
      .execute();
    assert.equal(grants.length, 1, 'one grant, extended');
  });

  it('signs a user of an open session in without asking again (single sign-on)', async () => {
    const first = await signIn(t, spa, user, password);
    const silent = await authorize(t, spa, {}, first.browser);
    const callback = await silent.browser.followUntil(silent.url, spa.redirectUri);
    assert.ok(callback.searchParams.get('code'), 'straight back to the application');
    const tokens = await completeAuthorization(silent, callback.href);
    assert.equal(tokens.claims()?.sub, user.id);
  });

  it('refuses a suspended user at password verification', async () => {
    const suspended = await createUser(t, password);
    await suspendThroughApi(t, suspended.id, true);
    const { browser } = await beginAuthorization(t, spa);
    const call = (method: string, path: string, body?: unknown) =>
      browser.call(t.baseUrl, method, `/api/experience${path}`, body);
    assert.equal((await call('PUT', '', { interactionEvent: 'SignIn' })).status, 204);
    const verification = await call('POST', '/verification/password', {
      identifier: { type: 'username', value: suspended.username },
      password,
    });
    assert.equal(verification.status, 401);
    assert.equal(verification.body.code, 'user.suspended');
  });

  it('refuses at submit a user suspended after identification', async () => {
    const later = await createUser(t, password);
    const { browser } = await beginAuthorization(t, spa);
    const call = (method: string, path: string, body?: unknown) =>
      browser.call(t.baseUrl, method, `/api/experience${path}`, body);
    await call('PUT', '', { interactionEvent: 'SignIn' });
    const { body } = await call('POST', '/verification/password', {
      identifier: { type: 'username', value: later.username },
      password,
    });
    assert.equal(
      (await call('POST', '/identification', { verificationId: body.verificationId })).status,
      204,
    );
    await suspendThroughApi(t, later.id, true);
    const submit = await call('POST', '/submit');
    assert.equal(submit.status, 401);
    assert.equal(submit.body.code, 'user.suspended');
  });

  it('refuses the refresh token of a user suspended afterwards with invalid_grant', async () => {
    const victim = await createUser(t, password);
    // Through the API (which also revokes grants), and in the table alone (the account lookup).
    const suspensions = [
      (suspended: boolean) => suspendThroughApi(t, victim.id, suspended),
      (suspended: boolean) => markSuspended(t, victim.id, suspended),
    ];
    for (const app of [traditional, spa]) {
      for (const setSuspended of suspensions) {
        await setSuspended(false);
        const { client, tokens } = await signIn(t, app, victim, password);
        await setSuspended(true);
        await assert.rejects(oidc.refreshTokenGrant(client, tokens.refresh_token!), (error: unknown) => {
          assert.ok(error instanceof oidc.ResponseBodyError);
          assert.equal(error.error, 'invalid_grant');
          return true;
        });
      }
    }
  });

  it('logs a third-party app in without consenting for the user: consent is asked next', async () => {
    const thirdParty = await createApplication(t, 'Traditional', { isThirdParty: true });
    const { browser } = await beginAuthorization(t, thirdParty);
    const redirectTo = await signInWithPassword(t, browser, user.username, password);
    const next = await browser.followUntil(redirectTo, `${t.baseUrl}/sign-in`);
    assert.ok(next.searchParams.get('uid'));
  });
});

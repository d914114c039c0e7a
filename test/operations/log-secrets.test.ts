import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, describe, it } from 'node:test';
import * as oidc from 'openid-client';
import { newId } from '../../src/storage/ids.js';
import { BOOTSTRAP_CLIENT, startTestService } from '../support/service.js';
import { beginAuthorization, signInWithPassword } from '../support/oidc-sign-in.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import {
  createApplication,
  createResource,
  createUser,
  exchange,
  issueSubjectToken,
} from '../impersonation/fixtures.js';
import { experienceOf, latestCode, verifyByCode } from '../experience/journeys.js';
import { createApplication as createSignInApplication } from '../support/sign-in-fixtures.js';
import { createHook } from '../webhooks/helpers.js';

describe('logs', () => {
  it('carry no token, secret, password or code of a full flow, even at trace level', async () => {
    let output = '';
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        output += chunk.toString();
        done();
      },
    });
    const t = await startTestService({
      env: { LOG_LEVEL: 'trace', TESSERA_SEND_MIN_INTERVAL_SECONDS: '0' },
      logDestination: destination,
    });
    const secrets: Record<string, string> = { bootstrapSecret: BOOTSTRAP_CLIENT.secret };
    secrets.managementToken = await t.managementToken();

    // A signed webhook.
    const receiver = await startWebhookReceiver();
    after(() => receiver.close());
    const hook = await createHook(t, receiver.url, ['User.Created']);
    secrets.signingKey = hook.signingKey;

    // Sign-in with a password through the Experience API, and the code exchange.
    const password = `Pw-${newId(16)}`;
    const email = `logs.${newId(6)}@example.com`;
    const resource = await createResource(t, ['read']);
    const userId = await createUser(t, [resource.scopeIds.read!], password);
    await t.api('PATCH', `/users/${userId}`, { primaryEmail: email });
    const { body: user } = await t.api<{ username: string }>('GET', `/users/${userId}`);
    await receiver.waitFor(1);
    const signInApp = await createSignInApplication(t, 'Traditional');
    secrets.signInAppSecret = signInApp.secret;
    const authorization = await beginAuthorization(t, signInApp);
    const signInCall = experienceOf(t, authorization.browser);
    assert.equal((await signInCall('PUT', '', { interactionEvent: 'SignIn' })).status, 204);
    const wrong = await signInCall('POST', '/verification/password', {
      identifier: { type: 'username', value: user.username },
      password: `${password}-wrong`,
    });
    assert.ok(wrong.status >= 400 && wrong.status < 500, `a refusal, got ${wrong.status}`);
    secrets.wrongPassword = `${password}-wrong`;
    const redirectTo = await signInWithPassword(t, authorization.browser, user.username, password);
    secrets.password = password;
    const callback = await authorization.browser.followUntil(redirectTo, signInApp.redirectUri);
    secrets.authorizationCode = callback.searchParams.get('code')!;
    const tokens = await oidc.authorizationCodeGrant(authorization.client, callback, {
      pkceCodeVerifier: authorization.verifier,
      expectedState: authorization.state,
    });
    secrets.pkceVerifier = authorization.verifier;
    secrets.accessToken = tokens.access_token;
    secrets.idToken = tokens.id_token!;
    if (tokens.refresh_token) secrets.refreshToken = tokens.refresh_token;
    // A query string that carries a token (logout with a hint).
    const logout = await fetch(`${t.config.issuer}/session/end?id_token_hint=${tokens.id_token}`);
    assert.ok(logout.status < 500);

    // A verification code.
    const coded = await beginAuthorization(t, signInApp);
    const codeCall = experienceOf(t, coded.browser);
    assert.equal((await codeCall('PUT', '', { interactionEvent: 'SignIn' })).status, 204);
    await verifyByCode(t, codeCall, { type: 'email', value: email });
    secrets.verificationCode = await latestCode(t, email);

    // A magic link: the token in the authorization request's query string, then in a verification.
    const magic = await t.api<{ token: string }>('POST', '/one-time-tokens', { email });
    secrets.oneTimeToken = magic.body.token;
    const linked = await beginAuthorization(t, signInApp, {
      one_time_token: magic.body.token,
      login_hint: email,
    });
    const linkCall = experienceOf(t, linked.browser);
    assert.equal((await linkCall('PUT', '', { interactionEvent: 'SignIn' })).status, 204);
    const used = await linkCall('POST', '/verification/one-time-token', {
      identifier: { type: 'email', value: email },
      token: magic.body.token,
    });
    assert.equal(used.status, 200);

    // A subject token and its exchange.
    const exchanger = await createApplication(t, 'Traditional');
    secrets.exchangerSecret = exchanger.secret;
    const subjectToken = await issueSubjectToken(t, userId);
    secrets.subjectToken = subjectToken;
    const exchanged = await exchange(t.baseUrl, exchanger, {
      subject_token: subjectToken,
      resource: resource.indicator,
      scope: 'read',
    });
    assert.equal(exchanged.status, 200, JSON.stringify(exchanged.body));
    secrets.exchangedToken = String(exchanged.body.access_token);
    const replayed = await exchange(t.baseUrl, exchanger, {
      subject_token: subjectToken,
      resource: resource.indicator,
      scope: 'read',
    });
    assert.equal(replayed.body.error, 'invalid_grant');

    // Stopped first, so every line is written.
    await t.stop();
    assert.match(output, /"msg":"request"/, 'request lines were captured');
    assert.match(output, /"route":"\/oidc\/token"/);
    for (const [name, value] of Object.entries(secrets)) {
      assert.ok(value && value.length >= 6, `${name} was captured`);
      const found = /^\d+$/.test(value)
        ? [`"${value}"`, `=${value}`].some((form) => output.includes(form))
        : output.includes(value);
      assert.equal(found, false, `${name} appears in the logs`);
    }
  });
});

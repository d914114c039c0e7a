import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { json } from '../support/http.js';
import { startTestService } from '../support/service.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { createApplication, createUser } from './fixtures.js';
import { beginAuthorization, completeAuthorization } from './flow.js';

describe('Experience API rules', async () => {
  const t = await startTestService();
  const password = 'a long enough password';
  const user = await createUser(t, password, `Person.${Date.now()}@Example.com`);
  const other = await createUser(t, password);
  const app = await createApplication(t, 'SPA');

  /** A browser on the sign-in page of a fresh interaction, and its Experience API caller. */
  const session = async () => {
    const authorization = await beginAuthorization(t, app);
    const call = (method: string, path: string, body?: unknown) =>
      authorization.browser.call(t.baseUrl, method, `/api/experience${path}`, body);
    return { authorization, call };
  };
  const passwordOf = (value: string, secret = password, type = 'username') => ({
    identifier: { type, value },
    password: secret,
  });

  it('answers 400 session.not_found without an interaction cookie', async () => {
    const response = await fetch(`${t.baseUrl}/api/experience`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ interactionEvent: 'SignIn' }),
    });
    assert.equal(response.status, 400);
    assert.equal((await json(response)).code, 'session.not_found');
  });

  it('starts every flow, and refuses unknown events', async () => {
    const { call } = await session();
    for (const interactionEvent of ['Register', 'ForgotPassword', 'SignIn']) {
      assert.equal((await call('PUT', '', { interactionEvent })).status, 204);
    }
    const unknown = await call('PUT', '', { interactionEvent: 'Impersonate' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.code, 'guard.invalid_input');
  });

  it('requires the experience to be started first', async () => {
    const { call } = await session();
    const response = await call('POST', '/verification/password', passwordOf(user.username));
    assert.equal(response.status, 400);
    assert.equal(response.body.code, 'session.interaction_not_found');
  });

  it('answers a wrong password and an unknown identifier alike: 422 session.invalid_credentials', async () => {
    const { call } = await session();
    await call('PUT', '', { interactionEvent: 'SignIn' });
    const wrong = await call('POST', '/verification/password', passwordOf(user.username, 'not it'));
    const unknown = await call('POST', '/verification/password', passwordOf('nobody-here'));
    for (const response of [wrong, unknown]) {
      assert.equal(response.status, 422);
      assert.equal(response.body.code, 'session.invalid_credentials');
    }
    assert.equal(wrong.body.message, unknown.body.message);
  });

  it('refuses to submit before identification', async () => {
    const { call } = await session();
    await call('PUT', '', { interactionEvent: 'SignIn' });
    const early = await call('POST', '/submit');
    assert.equal(early.status, 400);
    assert.equal(early.body.code, 'session.identifier_not_found');
    await call('POST', '/verification/password', passwordOf(user.username));
    const verifiedOnly = await call('POST', '/submit');
    assert.equal(verifiedOnly.status, 400, 'a verification alone does not identify');
  });

  it('refuses a verificationId of another interaction', async () => {
    const first = await session();
    const second = await session();
    await first.call('PUT', '', { interactionEvent: 'SignIn' });
    await second.call('PUT', '', { interactionEvent: 'SignIn' });
    const { body } = await first.call('POST', '/verification/password', passwordOf(user.username));
    const stolen = await second.call('POST', '/identification', { verificationId: body.verificationId });
    assert.equal(stolen.status, 400);
    assert.equal(stolen.body.code, 'session.verification_session_not_found');
    const unknown = await second.call('POST', '/identification', { verificationId: 'made-up' });
    assert.equal(unknown.status, 400);
  });

  it('forgets earlier verifications when the experience is restarted', async () => {
    const { call } = await session();
    await call('PUT', '', { interactionEvent: 'SignIn' });
    const { body } = await call('POST', '/verification/password', passwordOf(user.username));
    await call('PUT', '', { interactionEvent: 'SignIn' });
    const stale = await call('POST', '/identification', { verificationId: body.verificationId });
    assert.equal(stale.status, 400);
  });

  it('refuses to identify a second, different user in one interaction', async () => {
    const { call } = await session();
    await call('PUT', '', { interactionEvent: 'SignIn' });
    const a = await call('POST', '/verification/password', passwordOf(user.username));
    const b = await call('POST', '/verification/password', passwordOf(other.username));
    assert.equal(
      (await call('POST', '/identification', { verificationId: a.body.verificationId })).status,
      204,
    );
    const conflict = await call('POST', '/identification', { verificationId: b.body.verificationId });
    assert.equal(conflict.status, 409);
    assert.equal(conflict.body.code, 'session.identity_conflict');
  });

  it('keeps the state in the database by interaction, clears it on submit, fires PostSignIn', async () => {
    const receiver = await startWebhookReceiver();
    after(() => receiver.close());
    const hook = await t.api('POST', '/hooks', {
      name: 'sign-ins',
      events: ['PostSignIn'],
      config: { url: receiver.url },
    });
    assert.equal(hook.status, 201);
    const { authorization, call } = await session();
    const db = t.service.storage.db;
    const stateOf = (uid: string) =>
      db
        .selectFrom('experience_interactions')
        .selectAll()
        .where('interaction_uid', '=', uid)
        .executeTakeFirst();
    await call('PUT', '', { interactionEvent: 'SignIn' });
    const { body } = await call(
      'POST',
      '/verification/password',
      passwordOf(user.email!.toUpperCase(), password, 'email'),
    );
    assert.ok(body.verificationId, 'e-mail addresses match case-insensitively');
    await call('POST', '/identification', { verificationId: body.verificationId });
    const state = await stateOf(authorization.uid);
    assert.equal(state?.user_id, user.id);
    assert.equal(state?.application_id, app.id);
    assert.equal(state?.interaction_event, 'SignIn');

    const submit = await call('POST', '/submit');
    assert.equal(await stateOf(authorization.uid), undefined);
    const tokens = await completeAuthorization(authorization, submit.body.redirectTo);
    assert.equal(tokens.claims()?.sub, user.id);

    const [delivery] = await receiver.waitFor(1);
    assert.equal(delivery!.json.event, 'PostSignIn');
    assert.equal(delivery!.json.interactionEvent, 'SignIn');
    assert.equal(delivery!.json.userId, user.id);
    assert.equal(delivery!.json.user.id, user.id);
    assert.ok(delivery!.json.user.lastSignInAt);
    assert.equal(delivery!.json.user.passwordHash, undefined);
    assert.equal(delivery!.json.applicationId, app.id);
    assert.equal(delivery!.json.application.type, 'SPA');
  });

  it('serves the sign-in page under a strict content security policy', async () => {
    const response = await fetch(`${t.baseUrl}/sign-in?uid=anything`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /text\/html/);
    const policy = response.headers.get('content-security-policy') ?? '';
    assert.match(policy, /default-src 'none'/);
    assert.match(policy, /frame-ancestors 'none'/);
    const nonce = /script-src 'nonce-([^']+)'/.exec(policy)?.[1];
    assert.ok(nonce && (await response.text()).includes(`<script nonce="${nonce}">`));
  });

  it('describes the Experience API in the OpenAPI document', async () => {
    const document = await json(await fetch(`${t.baseUrl}/api/swagger.json`));
    for (const path of [
      '/api/experience/verification/password',
      '/api/experience/identification',
      '/api/experience/submit',
    ]) {
      assert.ok(document.paths[path], path);
    }
  });
});

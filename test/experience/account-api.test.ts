import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { json } from '../support/http.js';
import { startTestService } from '../support/service.js';
import { names, only, tapAllEvents } from './events.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { signIn } from '../support/oidc-sign-in.js';
import { expectStatus, latestCode, wrongCode } from './journeys.js';
import { rateLimitedPayload, userDataPayload } from './payloads.js';

describe('Account API', async () => {
  const t = await startTestService({
    env: { TESSERA_SEND_MIN_INTERVAL_SECONDS: '0', TESSERA_SEND_LIMIT_PER_HOUR: '3' },
  });
  const events = await tapAllEvents(t);
  const app = await createApplication(t, 'Traditional');
  const password = 'Account-Password-1';

  const signedIn = async () => {
    const username = `acct_${newId(8)}`;
    const user = expectStatus(await t.api('POST', '/users', { username, password }), 200);
    const { tokens } = await signIn(t, app, { username }, password);
    const token = tokens.access_token;
    const call = async (method: string, path: string, body?: unknown, bearer = token) => {
      const response = await fetch(`${t.baseUrl}/api/my-account${path}`, {
        method,
        headers: {
          authorization: `Bearer ${bearer}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any };
    };
    await events.take();
    return { id: user.id as string, username, call };
  };

  it('links a verified primary e-mail with the user’s own access token: User.Data.Updated', async () => {
    const user = await signedIn();
    const me = expectStatus(await user.call('GET', ''), 200);
    assert.equal(me.username, user.username);
    assert.deepEqual(
      Object.keys(me).sort(),
      ['avatar', 'hasPassword', 'id', 'name', 'primaryEmail', 'primaryPhone', 'username'],
      'the Account API shows the identifiers and display data, nothing of management',
    );
    const email = `mine.${newId(6)}@example.com`;
    const identifier = { type: 'email', value: email };
    const sent = expectStatus(await user.call('POST', '/verification-code', { identifier }), 200);
    const code = await latestCode(t, email);
    const link = { email, newIdentifierVerificationRecordId: sent.verificationId };
    expectStatus(await user.call('POST', '/primary-email', link), 400, 'verification_record.not_found');
    const verify = (value: string) =>
      user.call('POST', '/verification-code/verify', {
        identifier,
        verificationId: sent.verificationId,
        code: value,
      });
    expectStatus(await verify(wrongCode(code)), 400, 'verification_code.code_mismatch');
    expectStatus(await verify(code), 200);
    expectStatus(
      await user.call('POST', '/primary-email', { ...link, email: `other.${email}` }),
      400,
      'verification_record.not_found',
    );
    expectStatus(await user.call('POST', '/primary-email', link), 204);
    expectStatus(await user.call('POST', '/primary-email', link), 400, 'verification_record.not_found');
    assert.equal(expectStatus(await user.call('GET', ''), 200).primaryEmail, email);

    const fired = await events.take();
    assert.deepEqual(names(fired), ['User.Data.Updated']);
    const updated = userDataPayload.parse(fired[0]);
    assert.equal(updated.data.primaryEmail, email);
    assert.equal(updated.applicationId, app.id);
    assert.equal(updated.interactionEvent, undefined);
    assert.equal((fired[0] as { path?: string }).path, undefined, 'no management context');
  });

  it('links a verified phone number; another user cannot use the record', async () => {
    const user = await signedIn();
    const intruder = await signedIn();
    const phone = `3360${String(Date.now()).slice(-7)}`;
    const identifier = { type: 'phone', value: phone };
    const sent = expectStatus(await user.call('POST', '/verification-code', { identifier }), 200);
    const code = await latestCode(t, phone);
    const body = { identifier, verificationId: sent.verificationId, code };
    expectStatus(
      await intruder.call('POST', '/verification-code/verify', body),
      400,
      'verification_code.not_found',
    );
    expectStatus(await user.call('POST', '/verification-code/verify', body), 200);
    const link = { phone, newIdentifierVerificationRecordId: sent.verificationId };
    expectStatus(await intruder.call('POST', '/primary-phone', link), 400, 'verification_record.not_found');
    expectStatus(await user.call('POST', '/primary-phone', link), 204);
    const fired = await events.take();
    assert.equal(only(fired, 'User.Data.Updated').data.primaryPhone, phone);
  });

  it('rate-limits its send path and fires Message.RateLimited', async () => {
    const user = await signedIn();
    const email = `burst.${newId(6)}@example.com`;
    const send = () =>
      user.call('POST', '/verification-code', { identifier: { type: 'email', value: email } });
    for (let i = 0; i < 3; i++) expectStatus(await send(), 200);
    expectStatus(await send(), 429, 'request.message_rate_limited');
    const limited = rateLimitedPayload.parse(only(await events.take(), 'Message.RateLimited'));
    assert.equal(limited.recipient, email);
    assert.equal(limited.applicationId, app.id);
  });

  it('refuses calls without a valid access token of a user', async () => {
    const user = await signedIn();
    const missing = await fetch(`${t.baseUrl}/api/my-account`);
    assert.equal(missing.status, 401);
    assert.equal((await json(missing)).code, 'auth.authorization_header_missing');
    expectStatus(await user.call('GET', '', undefined, 'not-a-token'), 401, 'auth.unauthorized');
    expectStatus(await user.call('GET', '', undefined, await t.managementToken()), 401, 'auth.unauthorized');
    expectStatus(await t.api('PATCH', `/users/${user.id}/is-suspended`, { isSuspended: true }), 200);
    expectStatus(await user.call('GET', ''), 401, 'auth.unauthorized');
    await events.take();
  });

  it('answers bad input with 400 guard.invalid_input', async () => {
    const user = await signedIn();
    for (const [path, body] of [
      ['/verification-code', { identifier: { type: 'email', value: 'not-an-email' } }],
      ['/verification-code', { identifier: { type: 'username', value: 'someone' } }],
      [
        '/verification-code/verify',
        { identifier: { type: 'phone', value: '123456' }, verificationId: 'x', code: '12' },
      ],
      ['/primary-email', { email: 'nope' }],
      ['/primary-phone', { phone: 'abc', newIdentifierVerificationRecordId: 'x' }],
    ] as const) {
      expectStatus(await user.call('POST', path, body), 400, 'guard.invalid_input');
    }
  });
});

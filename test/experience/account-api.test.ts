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
    const proof: { id?: string } = {};
    const request = async (url: string, method: string, body?: unknown, bearer = token) => {
      const response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${bearer}`,
          ...(proof.id ? { 'logto-verification-id': proof.id } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any };
    };
    const call = (method: string, path: string, body?: unknown, bearer = token) =>
      request(`${t.baseUrl}/api/my-account${path}`, method, body, bearer);
    const verifyPassword = (secret: string) =>
      request(`${t.baseUrl}/api/verifications/password`, 'POST', { password: secret });
    // The sensitive changes below need a fresh proof of identity, sent with every call.
    proof.id = expectStatus(await verifyPassword(password), 201).verificationRecordId;
    await events.take();
    return { id: user.id as string, username, call, proof, verifyPassword };
  };

  it('links a verified primary e-mail with the user’s own access token: User.Data.Updated', async () => {
    const user = await signedIn();
    const me = expectStatus(await user.call('GET', ''), 200);
    assert.equal(me.username, user.username);
    assert.deepEqual(
      Object.keys(me).sort(),
      ['avatar', 'hasPassword', 'id', 'identities', 'name', 'primaryEmail', 'primaryPhone', 'username'],
      'the Account API shows the identifiers, social identities and display data, nothing of management',
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

  it('changes the primary e-mail only with a fresh proof of identity (password or a code)', async () => {
    const user = await signedIn();
    const verified = async (value: string) => {
      const identifier = { type: 'email', value };
      const sent = expectStatus(await user.call('POST', '/verification-code', { identifier }), 200);
      const code = await latestCode(t, value);
      expectStatus(
        await user.call('POST', '/verification-code/verify', {
          identifier,
          verificationId: sent.verificationId,
          code,
        }),
        200,
      );
      return sent.verificationId as string;
    };
    const first = `first.${newId(6)}@example.com`;
    const firstRecord = await verified(first);
    const link = (email: string, record: string) =>
      user.call('POST', '/primary-email', { email, newIdentifierVerificationRecordId: record });

    // A leaked access token alone changes nothing.
    const proof = user.proof.id;
    user.proof.id = undefined;
    expectStatus(await link(first, firstRecord), 401, 'verification_record.permission_denied');
    user.proof.id = 'not-a-record';
    expectStatus(await link(first, firstRecord), 401, 'verification_record.permission_denied');
    // Someone else's proof is no proof.
    const other = await signedIn();
    user.proof.id = other.proof.id;
    expectStatus(await link(first, firstRecord), 401, 'verification_record.permission_denied');
    // A wrong password yields no record.
    user.proof.id = undefined;
    expectStatus(await user.verifyPassword('wrong-password'), 422, 'session.invalid_credentials');

    user.proof.id = proof;
    expectStatus(await link(first, firstRecord), 204);

    // A code verified for the address the user holds now is a proof too; a code for the new one is not.
    user.proof.id = undefined;
    const second = `second.${newId(6)}@example.com`;
    const secondRecord = await verified(second);
    user.proof.id = secondRecord;
    expectStatus(await link(second, secondRecord), 401, 'verification_record.permission_denied');
    user.proof.id = await verified(first);
    expectStatus(await link(second, secondRecord), 204);
    await events.take();
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

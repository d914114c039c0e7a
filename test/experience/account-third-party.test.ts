import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { signIn } from '../support/oidc-sign-in.js';
import { startTestService } from '../support/service.js';
import { createApplication, createUser } from '../support/sign-in-fixtures.js';
import { signInWithConsent } from '../support/third-party-sign-in.js';
import { expectStatus, latestCode } from './journeys.js';

const FORBIDDEN = 'auth.forbidden';

/**
 * Issue #24, findings 4 and 8: the Account API is for first-party applications only (every route,
 * the verification and code-sending ones included, refuses a third-party application's token with
 * 403 before doing anything), and unlinking a social identity needs a fresh proof of identity.
 */
describe('Account API: first-party tokens only; unlinking an identity needs a proof', async () => {
  const t = await startTestService({ env: { TESSERA_SEND_MIN_INTERVAL_SECONDS: '0' } });
  const firstParty = await createApplication(t, 'Traditional');
  const thirdParty = await createApplication(t, 'Traditional', { isThirdParty: true });
  const password = 'Account-Password-1';

  /** A user with an e-mail, a phone and a social identity, signed in to the first-party app. */
  const person = async () => {
    const email = `acct.${newId(6)}@example.com`;
    const user = await createUser(t, password, email);
    const phone = `+1650${2_000_000 + Math.floor(Math.random() * 8e6)}`;
    expectStatus(await t.api('PATCH', `/users/${user.id}`, { primaryPhone: phone }), 200);
    const identity = { socialUserId: `up-${newId(6)}`, socialUserInfo: { email } };
    expectStatus(await t.api('PUT', `/users/${user.id}/identities/upstream`, identity), 200);
    const own = (await signIn(t, firstParty, user, password, { scope: 'openid' })).tokens.access_token;
    return { ...user, email, own };
  };

  const call = async (method: string, path: string, token: string, body?: unknown, proof?: string) => {
    const response = await fetch(`${t.baseUrl}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(proof ? { 'logto-verification-id': proof } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any };
  };

  const identitiesOf = async (userId: string) =>
    expectStatus(await t.api<{ identities: Record<string, unknown> }>('GET', `/users/${userId}`), 200)
      .identities;

  it('refuses a third-party application’s openid token on every kind of Account API route (403)', async () => {
    const user = await person();
    const { tokens } = await signInWithConsent(t, thirdParty, user, password, { scope: 'openid' });
    const foreign = tokens.access_token;

    const me = expectStatus(await call('GET', '/my-account', foreign), 403, FORBIDDEN);
    assert.equal(JSON.stringify(me).includes(user.email), false, 'no e-mail leaks');
    expectStatus(await call('DELETE', '/my-account/identities/upstream', foreign), 403, FORBIDDEN);
    assert.ok('upstream' in (await identitiesOf(user.id)), 'the identity stays linked');
    expectStatus(await call('GET', '/my-account/mfa-verifications', foreign), 403, FORBIDDEN);
    expectStatus(await call('POST', '/verifications/web-authn/registration', foreign), 403, FORBIDDEN);

    // No code is sent on the user's behalf.
    const target = `sent.${newId(6)}@example.com`;
    const send = { identifier: { type: 'email', value: target } };
    expectStatus(await call('POST', '/my-account/verification-code', foreign, send), 403, FORBIDDEN);
    const messages = await t.api<unknown[]>('GET', `/messages?recipient=${encodeURIComponent(target)}`);
    assert.deepEqual(messages.body, []);

    // Wrong passwords through it burn none of the account's lockout attempts (three by default).
    for (let attempt = 0; attempt < 4; attempt++) {
      const wrong = await call('POST', '/verifications/password', foreign, { password: `wrong-${attempt}` });
      expectStatus(wrong, 403, FORBIDDEN);
    }
    expectStatus(await call('POST', '/verifications/password', user.own, { password }), 201);

    // The first-party application's token of the same user still works.
    assert.equal(expectStatus(await call('GET', '/my-account', user.own), 200).primaryEmail, user.email);
  });

  it('unlinks a social identity only with a fresh proof of identity (401 without)', async () => {
    const user = await person();
    expectStatus(
      await call('DELETE', '/my-account/identities/upstream', user.own),
      401,
      'verification_record.permission_denied',
    );
    expectStatus(
      await call('DELETE', '/my-account/identities/upstream', user.own, undefined, 'not-a-record'),
      401,
      'verification_record.permission_denied',
    );
    assert.ok('upstream' in (await identitiesOf(user.id)), 'the identity stays linked');

    // A code verified for the user's own e-mail is a proof too: a password-less user has one.
    const identifier = { type: 'email', value: user.email };
    const sent = expectStatus(
      await call('POST', '/my-account/verification-code', user.own, { identifier }),
      200,
    );
    const code = await latestCode(t, user.email);
    const verify = { identifier, verificationId: sent.verificationId, code };
    expectStatus(await call('POST', '/my-account/verification-code/verify', user.own, verify), 200);
    expectStatus(
      await call('DELETE', '/my-account/identities/upstream', user.own, undefined, sent.verificationId),
      204,
    );
    assert.deepEqual(await identitiesOf(user.id), {});

    // With a proof, a target the user has none of is still 404.
    const proof = expectStatus(await call('POST', '/verifications/password', user.own, { password }), 201);
    expectStatus(
      await call(
        'DELETE',
        '/my-account/identities/upstream',
        user.own,
        undefined,
        proof.verificationRecordId,
      ),
      404,
      'user.identity_not_exist',
    );
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { names, only, tapAllEvents } from '../experience/events.js';
import { expectStatus } from '../experience/journeys.js';
import { userDataPayload } from '../experience/payloads.js';
import { signIn } from '../support/oidc-sign-in.js';
import { startTestService } from '../support/service.js';
import { createApplication, createUser } from '../support/sign-in-fixtures.js';
import { SoftAuthenticator } from '../support/soft-authenticator.js';
import { identifiedSignIn, setMfaPolicy, submitAndComplete, totpCode } from './journey.js';

describe('MFA: WebAuthn, and factors through the management and Account APIs', async () => {
  const t = await startTestService();
  const events = await tapAllEvents(t);
  const app = await createApplication(t, 'Traditional');
  const password = 'Right-Password-1';

  it('binds a passkey at sign-in, then signs in with it (amr hwk, mfa); a forged assertion fails', async () => {
    await setMfaPolicy(t, ['WebAuthn', 'Totp'], 'Mandatory');
    const user = await createUser(t, password);
    const authenticator = new SoftAuthenticator(t.baseUrl);
    await events.take();

    const first = await identifiedSignIn(t, app, user.username, password);
    expectStatus(await first.call('POST', '/submit'), 422, 'user.missing_mfa');
    const registration = expectStatus(await first.call('POST', '/verification/web-authn/registration'), 200);
    assert.equal(registration.registrationOptions.rp.id, new URL(t.baseUrl).hostname);
    const credential = authenticator.create(registration.registrationOptions);
    const wrongChallenge = authenticator.create({ challenge: 'AAAA' });
    expectStatus(
      await first.call('POST', '/verification/web-authn/registration/verify', {
        verificationId: registration.verificationId,
        payload: wrongChallenge,
      }),
      400,
      'session.mfa.webauthn_verification_failed',
    );
    expectStatus(
      await first.call('POST', '/verification/web-authn/registration/verify', {
        verificationId: registration.verificationId,
        payload: credential,
      }),
      200,
    );
    expectStatus(
      await first.call('POST', '/profile/mfa', {
        type: 'WebAuthn',
        verificationId: registration.verificationId,
      }),
      204,
    );
    await submitAndComplete(first.call, first.authorization);
    assert.deepEqual(names(await events.take()), ['PostSignIn', 'User.Data.Updated']);

    const second = await identifiedSignIn(t, app, user.username, password);
    expectStatus(await second.call('POST', '/submit'), 403, 'session.mfa.require_mfa_verification');
    const challenge = expectStatus(await second.call('POST', '/verification/web-authn/authentication'), 200);
    assert.deepEqual(
      challenge.authenticationOptions.allowCredentials.map((c: { id: string }) => c.id),
      [credential.id],
    );
    const assertion = authenticator.get(challenge.authenticationOptions, credential.id);
    const forged = {
      ...assertion,
      response: { ...assertion.response, signature: assertion.response.signature.replace(/^../, 'AA') },
    };
    expectStatus(
      await second.call('POST', '/verification/web-authn/authentication/verify', {
        verificationId: challenge.verificationId,
        payload: forged,
      }),
      400,
      'session.mfa.webauthn_verification_failed',
    );
    expectStatus(
      await second.call('POST', '/verification/web-authn/authentication/verify', {
        verificationId: challenge.verificationId,
        payload: assertion,
      }),
      200,
    );
    const claims = await submitAndComplete(second.call, second.authorization);
    assert.deepEqual([...(claims.amr as string[])].sort(), ['hwk', 'mfa', 'pwd']);
    assert.deepEqual(names(await events.take()), ['PostSignIn']);
    const factors = expectStatus(await t.api('GET', `/users/${user.id}/mfa-verifications`), 200);
    assert.equal(factors[0].type, 'WebAuthn');
    assert.ok(factors[0].lastUsedAt);
  });

  it('management binds and removes factors with the management context; the user may sign in with them', async () => {
    await setMfaPolicy(t, ['Totp', 'BackupCode'], 'UserControlled');
    const user = await createUser(t, password);
    await events.take();
    expectStatus(
      await t.api('POST', `/users/${user.id}/mfa-verifications`, { type: 'BackupCode' }),
      422,
      'session.mfa.backup_code_can_not_be_alone',
    );
    const totp = expectStatus(
      await t.api('POST', `/users/${user.id}/mfa-verifications`, { type: 'Totp' }),
      200,
    );
    assert.equal(totp.type, 'Totp');
    assert.match(totp.secretQrCode, /^data:image\/png;base64,/);
    expectStatus(
      await t.api('POST', `/users/${user.id}/mfa-verifications`, { type: 'Totp' }),
      422,
      'user.totp_already_in_use',
    );
    const backup = expectStatus(
      await t.api('POST', `/users/${user.id}/mfa-verifications`, {
        type: 'BackupCode',
        codes: ['aaaa-bbbb-cc'],
      }),
      200,
    );
    assert.deepEqual(backup.codes, ['aaaa-bbbb-cc']);
    const fired = await events.take();
    assert.deepEqual(names(fired), ['User.Data.Updated', 'User.Data.Updated']);
    for (const event of fired) {
      assert.equal(event.matchedRoute, '/users/:userId/mfa-verifications');
      assert.equal(event.method, 'POST');
      assert.equal(event.data.id, user.id);
    }

    const { authorization, call } = await identifiedSignIn(t, app, user.username, password);
    expectStatus(await call('POST', '/submit'), 403, 'session.mfa.require_mfa_verification');
    expectStatus(await call('POST', '/verification/totp/verify', { code: totpCode(totp.secret) }), 200);
    await submitAndComplete(call, authorization);
    await events.take();

    const listed = expectStatus(await t.api('GET', `/users/${user.id}/mfa-verifications`), 200);
    const totpId = listed.find((f: { type: string }) => f.type === 'Totp').id;
    expectStatus(await t.api('DELETE', `/users/${user.id}/mfa-verifications/${totpId}`), 204);
    expectStatus(await t.api('DELETE', `/users/${user.id}/mfa-verifications/${totpId}`), 404);
    const removed = only(await events.take(), 'User.Data.Updated');
    assert.equal(removed.method, 'DELETE');
    assert.equal(removed.matchedRoute, '/users/:userId/mfa-verifications/:verificationId');
  });

  it('the Account API lists and removes the signed-in user’s own factors (Experience context)', async () => {
    await setMfaPolicy(t, ['Totp'], 'UserControlled');
    const user = await createUser(t, password);
    const { tokens } = await signIn(t, app, { username: user.username }, password);
    const proof = await fetch(`${t.baseUrl}/api/verifications/password`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password }),
    });
    const { verificationRecordId } = (await proof.json()) as { verificationRecordId: string };
    // Removing a factor needs a fresh proof of identity, as binding one does.
    const me = async (method: string, path: string) => {
      const response = await fetch(`${t.baseUrl}/api/my-account${path}`, {
        method,
        headers: {
          authorization: `Bearer ${tokens.access_token}`,
          'logto-verification-id': verificationRecordId,
        },
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    };
    expectStatus(await t.api('POST', `/users/${user.id}/mfa-verifications`, { type: 'Totp' }), 200);
    await events.take();
    const listed = expectStatus(await me('GET', '/mfa-verifications'), 200);
    assert.deepEqual(Object.keys(listed[0]).sort(), ['createdAt', 'id', 'type']);
    expectStatus(await me('DELETE', `/mfa-verifications/${listed[0].id}`), 204);
    expectStatus(
      await me('DELETE', `/mfa-verifications/${listed[0].id}`),
      404,
      'verification_record.not_found',
    );
    const removed = userDataPayload.parse(only(await events.take(), 'User.Data.Updated'));
    assert.equal(removed.applicationId, app.id);
    assert.deepEqual(expectStatus(await me('GET', '/mfa-verifications'), 200), []);
    // Another user's factor is not reachable through one's own token.
    const other = await createUser(t, password);
    const theirs = expectStatus(
      await t.api('POST', `/users/${other.id}/mfa-verifications`, { type: 'Totp' }),
      200,
    );
    assert.ok(theirs);
    const otherList = expectStatus(await t.api('GET', `/users/${other.id}/mfa-verifications`), 200);
    expectStatus(await me('DELETE', `/mfa-verifications/${otherList[0].id}`), 404);
  });
});

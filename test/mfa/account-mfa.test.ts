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

describe('Account API: binding MFA factors (Logto’s shapes)', async () => {
  const t = await startTestService();
  const events = await tapAllEvents(t);
  const app = await createApplication(t, 'Traditional');
  const password = 'Account-Mfa-Password-1';

  /** A user signed in to `app`, calling the Account API with the access token (and a proof once made). */
  const signedIn = async () => {
    const user = await createUser(t, password);
    const { tokens } = await signIn(t, app, { username: user.username }, password);
    const proof: { id?: string } = {};
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${t.baseUrl}/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${tokens.access_token}`,
          ...(proof.id ? { 'logto-verification-id': proof.id } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any };
    };
    const prove = async () => {
      proof.id = expectStatus(
        await call('POST', '/verifications/password', { password }),
        201,
      ).verificationRecordId;
    };
    await events.take();
    return { ...user, call, prove, proof };
  };

  it('binds TOTP with a code from the app, then backup codes; each fires User.Data.Updated (Account context)', async () => {
    await setMfaPolicy(t, ['Totp', 'BackupCode'], 'UserControlled');
    const user = await signedIn();
    const generated = expectStatus(
      await user.call('POST', '/my-account/mfa-verifications/totp-secret/generate'),
      200,
    );
    assert.match(generated.secret, /^[A-Z2-7]{32}$/);
    assert.match(generated.secretQrCode, /^data:image\/png;base64,/);
    const totp = { type: 'Totp', secret: generated.secret, code: totpCode(generated.secret) };
    expectStatus(
      await user.call('POST', '/my-account/mfa-verifications', totp),
      401,
      'verification_record.permission_denied',
    );
    await user.prove();
    const past = totpCode(generated.secret, Date.now() - 10 * 60_000);
    expectStatus(
      await user.call('POST', '/my-account/mfa-verifications', { ...totp, code: past }),
      400,
      'session.mfa.invalid_totp_code',
    );
    expectStatus(
      await user.call('POST', '/my-account/mfa-verifications', { ...totp, code: 'abcdef' }),
      400,
      'session.mfa.invalid_totp_code',
    );
    assert.deepEqual(names(await events.take()), [], 'a refused binding fires nothing');
    expectStatus(await user.call('POST', '/my-account/mfa-verifications', totp), 204);
    const linked = userDataPayload.parse(only(await events.take(), 'User.Data.Updated'));
    assert.equal(linked.applicationId, app.id, 'the Account API context: the token’s application');
    assert.equal(linked.data.id, user.id);
    expectStatus(
      await user.call('POST', '/my-account/mfa-verifications', totp),
      422,
      'user.totp_already_in_use',
    );

    const { codes } = expectStatus(
      await user.call('POST', '/my-account/mfa-verifications/backup-codes/generate'),
      200,
    );
    assert.equal(codes.length, 10);
    expectStatus(await user.call('GET', '/my-account/mfa-verifications/backup-codes'), 404);
    expectStatus(
      await user.call('POST', '/my-account/mfa-verifications', { type: 'BackupCode', codes }),
      204,
    );
    assert.deepEqual(names(await events.take()), ['User.Data.Updated']);
    const listed = expectStatus(await user.call('GET', '/my-account/mfa-verifications/backup-codes'), 200);
    assert.deepEqual(
      listed.codes,
      Array.from({ length: 10 }, () => ({ usedAt: null })),
    );
    const factors = expectStatus(await user.call('GET', '/my-account/mfa-verifications'), 200);
    assert.deepEqual(factors.map((f: { type: string }) => f.type).sort(), ['BackupCode', 'Totp']);

    // The bound factors are the ones the next sign-in asks for.
    const next = await identifiedSignIn(t, app, user.username, password);
    expectStatus(await next.call('POST', '/submit'), 403, 'session.mfa.require_mfa_verification');
    expectStatus(await next.call('POST', '/verification/backup-code/verify', { code: codes[0] }), 200);
    await submitAndComplete(next.call, next.authorization);
    await events.take();
    const used = expectStatus(await user.call('GET', '/my-account/mfa-verifications/backup-codes'), 200);
    assert.equal(used.codes.filter((c: { usedAt: string | null }) => c.usedAt !== null).length, 1);
  });

  it('refuses backup codes alone, factors the sign-in experience does not allow, and bad bodies', async () => {
    await setMfaPolicy(t, ['Totp', 'BackupCode'], 'UserControlled');
    const user = await signedIn();
    await user.prove();
    const codes = ['first-code-1', 'second-code-2'];
    expectStatus(
      await user.call('POST', '/my-account/mfa-verifications', { type: 'BackupCode', codes }),
      422,
      'session.mfa.backup_code_can_not_be_alone',
    );
    expectStatus(
      await user.call('POST', '/verifications/web-authn/registration'),
      400,
      'session.mfa.mfa_factor_not_enabled',
    );
    expectStatus(
      await user.call('POST', '/my-account/mfa-verifications', {
        type: 'Totp',
        secret: 'not base32!',
        code: '123456',
      }),
      400,
      'guard.invalid_input',
    );
    expectStatus(
      await user.call('POST', '/my-account/mfa-verifications', { type: 'Sms' }),
      400,
      'guard.invalid_input',
    );
    assert.deepEqual(names(await events.take()), []);
  });

  it('registers a passkey through /api/verifications, binds it, and removes it with a proof', async () => {
    await setMfaPolicy(t, ['WebAuthn', 'Totp'], 'UserControlled');
    const user = await signedIn();
    const authenticator = new SoftAuthenticator(t.baseUrl);
    const registration = expectStatus(await user.call('POST', '/verifications/web-authn/registration'), 200);
    assert.equal(registration.registrationOptions.rp.id, new URL(t.baseUrl).hostname);
    const verify = (payload: unknown) =>
      user.call('POST', '/verifications/web-authn/registration/verify', {
        verificationRecordId: registration.verificationRecordId,
        payload,
      });
    expectStatus(
      await verify(authenticator.create({ challenge: 'AAAA' })),
      400,
      'session.mfa.webauthn_verification_failed',
    );
    const bind = { type: 'WebAuthn', newIdentifierVerificationRecordId: registration.verificationRecordId };
    await user.prove();
    expectStatus(
      await user.call('POST', '/my-account/mfa-verifications', bind),
      400,
      'verification_record.not_found',
    );
    expectStatus(await verify(authenticator.create(registration.registrationOptions)), 200);
    expectStatus(await user.call('POST', '/my-account/mfa-verifications', bind), 204);
    expectStatus(
      await user.call('POST', '/my-account/mfa-verifications', bind),
      400,
      'verification_record.not_found',
    );
    assert.equal(userDataPayload.parse(only(await events.take(), 'User.Data.Updated')).applicationId, app.id);

    const [passkey] = expectStatus(await user.call('GET', '/my-account/mfa-verifications'), 200);
    assert.equal(passkey.type, 'WebAuthn');
    const remove = () => user.call('DELETE', `/my-account/mfa-verifications/${passkey.id}`);
    user.proof.id = undefined;
    expectStatus(await remove(), 401, 'verification_record.permission_denied');
    await user.prove();
    expectStatus(await remove(), 204);
    assert.equal(userDataPayload.parse(only(await events.take(), 'User.Data.Updated')).applicationId, app.id);
    assert.deepEqual(expectStatus(await user.call('GET', '/my-account/mfa-verifications'), 200), []);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { startTestService } from '../support/service.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { completeAuthorization, signInWithPassword } from '../support/oidc-sign-in.js';
import { names, only, tapAllEvents } from './events.js';
import { expectStatus, openExperience, verifyByCode, wrongCode, latestCode } from './journeys.js';
import { userDataPayload } from './payloads.js';

describe('Experience API: Logto’s registration, reset, missing-profile and interaction routes', async () => {
  const t = await startTestService({ env: { TESSERA_SEND_MIN_INTERVAL_SECONDS: '0' } });
  const events = await tapAllEvents(t);
  const app = await createApplication(t, 'SPA');
  const password = 'Original-Password-1';

  it('registers with a new password identity (username + password), checked when created', async () => {
    const taken = `taken_${newId(6)}`;
    expectStatus(await t.api('POST', '/users', { username: taken, password }), 200);
    await events.take();
    const { authorization, call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'Register' }), 204);
    const create = (value: string, secret: string) =>
      call('POST', '/verification/new-password-identity', {
        identifier: { type: 'username', value },
        password: secret,
      });
    const username = `fresh_${newId(6)}`;
    expectStatus(await create(username, 'short'), 422, 'password.rejected');
    expectStatus(await create(taken.toUpperCase(), password), 422, 'user.username_already_in_use');
    expectStatus(
      await call('POST', '/verification/new-password-identity', {
        identifier: { type: 'email', value: 'a@b.co' },
        password,
      }),
      400,
      'guard.invalid_input',
    );
    const { verificationId } = expectStatus(await create(username, password), 200);

    const summary = expectStatus(await call('GET', '/interaction'), 200);
    assert.equal(summary.interactionEvent, 'Register');
    assert.deepEqual(summary.verificationRecords, [
      {
        id: verificationId,
        type: 'NewPasswordIdentity',
        verified: true,
        identifier: { type: 'username', value: username },
      },
    ]);
    assert.equal(summary.application.id, app.id, 'the hosted pages’ members stay');
    assert.doesNotMatch(JSON.stringify(summary), /argon2|passwordHash/);

    expectStatus(await call('POST', '/identification', { verificationId }), 204);
    const after = expectStatus(await call('GET', '/interaction'), 200);
    assert.deepEqual(after.profile, { username });
    assert.doesNotMatch(JSON.stringify(after), /argon2|passwordHash/);
    const { redirectTo } = expectStatus(await call('POST', '/submit'), 200);
    const created = (await completeAuthorization(authorization, redirectTo)).claims()?.sub;
    assert.deepEqual(names(await events.take()), ['PostRegister', 'User.Created']);

    const again = await openExperience(t, app);
    const signedIn = await signInWithPassword(t, again.authorization.browser, username, password);
    assert.equal((await completeAuthorization(again.authorization, signedIn)).claims()?.sub, created);
  });

  it('checks Logto’s repetitionAndSequence and words rejects when they are on', async () => {
    const rejects = { repetitionAndSequence: true, words: ['tessera'] };
    expectStatus(await t.api('PATCH', '/sign-in-exp', { passwordPolicy: { rejects } }), 200);
    try {
      const { call } = await openExperience(t, app);
      expectStatus(await call('PUT', '', { interactionEvent: 'Register' }), 204);
      const issuesOf = async (secret: string) => {
        const identifier = { type: 'username', value: `w_${newId(6)}` };
        const response = await call('POST', '/verification/new-password-identity', {
          identifier,
          password: secret,
        });
        return response.status === 200 ? [] : expectStatus(response, 422, 'password.rejected').data.issues;
      };
      assert.deepEqual(await issuesOf('Pass-1234-word'), [
        'password_rejected.restricted.repetition_or_sequence',
      ]);
      assert.deepEqual(await issuesOf('Qzzzz-pass-word9'), [
        'password_rejected.restricted.repetition_or_sequence',
      ]);
      assert.deepEqual(await issuesOf('My-TESSERA-pass9'), ['password_rejected.restricted.words']);
      assert.deepEqual(await issuesOf('Quiet-River-93'), []);
    } finally {
      const off = { repetitionAndSequence: false, words: [] };
      expectStatus(await t.api('PATCH', '/sign-in-exp', { passwordPolicy: { rejects: off } }), 200);
    }
  });

  it('resets a password with PUT /profile/password after a code, with Logto’s codes on the way', async () => {
    const email = `reset.${newId(6)}@example.com`;
    const user = expectStatus(
      await t.api('POST', '/users', { username: `r_${newId(6)}`, password, primaryEmail: email }),
      200,
    );
    await events.take();
    const { call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
    expectStatus(
      await call('PUT', '/profile/password', { password: 'Another-Password-2' }),
      400,
      'session.invalid_interaction_type',
    );
    expectStatus(await call('PUT', '', { interactionEvent: 'ForgotPassword' }), 204);
    expectStatus(
      await call('PUT', '/profile/password', { password: 'Another-Password-2' }),
      404,
      'session.identifier_not_found',
    );
    const identifier = { type: 'email', value: email };
    const sent = expectStatus(await call('POST', '/verification/verification-code', { identifier }), 200);
    const code = await latestCode(t, email);
    expectStatus(
      await call('POST', '/verification/verification-code/verify', {
        identifier,
        verificationId: sent.verificationId,
        code: wrongCode(code),
      }),
      400,
      'verification_code.code_mismatch',
    );
    expectStatus(
      await call('POST', '/verification/verification-code/verify', {
        identifier,
        verificationId: 'made-up',
        code,
      }),
      404,
      'session.verification_session_not_found',
    );
    expectStatus(
      await call('POST', '/verification/verification-code/verify', {
        identifier,
        verificationId: sent.verificationId,
        code,
      }),
      200,
    );
    expectStatus(await call('POST', '/identification', { verificationId: sent.verificationId }), 204);
    expectStatus(await call('PUT', '/profile/password', { password: 'tiny' }), 422, 'password.rejected');
    expectStatus(await call('PUT', '/profile/password', { password }), 422, 'user.same_password');
    expectStatus(await call('PUT', '/profile/password', { password: 'Another-Password-2' }), 204);
    expectStatus(await call('POST', '/submit'), 204);
    const fired = await events.take();
    assert.deepEqual(names(fired), ['PostResetPassword', 'User.Data.Updated']);
    assert.equal(userDataPayload.parse(only(fired, 'User.Data.Updated')).data.id, user.id);
  });

  it('answers 422 user.missing_profile when the sign-up settings require more, at registration and sign-in', async () => {
    expectStatus(
      await t.api('PATCH', '/sign-in-exp', {
        signUp: { secondaryIdentifiers: [{ identifier: 'username' }] },
      }),
      200,
    );
    try {
      // Registration by an e-mail code: the username is asked for, then given.
      const { authorization, call } = await openExperience(t, app);
      expectStatus(await call('PUT', '', { interactionEvent: 'Register' }), 204);
      const email = `needs.${newId(6)}@example.com`;
      const verificationId = await verifyByCode(t, call, { type: 'email', value: email });
      expectStatus(await call('POST', '/identification', { verificationId }), 204);
      const missing = expectStatus(await call('POST', '/submit'), 422, 'user.missing_profile');
      assert.deepEqual(missing.data.missingProfile, ['username']);
      const username = `needed_${newId(6)}`;
      expectStatus(await call('POST', '/profile', { type: 'username', value: username }), 204);
      // A username account needs a password too (the rule of registrations with a username).
      const stillMissing = expectStatus(await call('POST', '/submit'), 422, 'user.missing_profile');
      assert.deepEqual(stillMissing.data.missingProfile, ['password']);
      expectStatus(await call('POST', '/profile', { type: 'password', value: password }), 204);
      const { redirectTo } = expectStatus(await call('POST', '/submit'), 200);
      await completeAuthorization(authorization, redirectTo);
      await events.take();

      // An account made before the rule signs in by code and completes its profile.
      const older = `older.${newId(6)}@example.com`;
      const user = expectStatus(await t.api('POST', '/users', { primaryEmail: older }), 200);
      await events.take();
      const signIn = await openExperience(t, app);
      expectStatus(await signIn.call('PUT', '', { interactionEvent: 'SignIn' }), 204);
      const byCode = await verifyByCode(t, signIn.call, { type: 'email', value: older });
      expectStatus(await signIn.call('POST', '/identification', { verificationId: byCode }), 204);
      const asked = expectStatus(await signIn.call('POST', '/submit'), 422, 'user.missing_profile');
      assert.deepEqual(asked.data.missingProfile, ['username']);
      expectStatus(
        await signIn.call('POST', '/profile', { type: 'username', value: username }),
        422,
        'user.username_already_in_use',
      );
      const chosen = `chosen_${newId(6)}`;
      expectStatus(await signIn.call('POST', '/profile', { type: 'username', value: chosen }), 204);
      const done = expectStatus(await signIn.call('POST', '/submit'), 200);
      assert.equal(
        (await completeAuthorization(signIn.authorization, done.redirectTo)).claims()?.sub,
        user.id,
      );
      assert.equal(expectStatus(await t.api('GET', `/users/${user.id}`), 200).username, chosen);
      assert.deepEqual(names(await events.take()), ['PostSignIn', 'User.Data.Updated']);
    } finally {
      expectStatus(await t.api('PATCH', '/sign-in-exp', { signUp: { secondaryIdentifiers: [] } }), 200);
    }
  });
});

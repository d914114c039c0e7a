import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultSignInExperience } from '../../src/sign-in-experience/sign-in-experience.schemas.js';
import { newId } from '../../src/storage/ids.js';
import { startTestService } from '../support/service.js';
import { names, only, tapAllEvents } from './events.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { completeAuthorization, signIn, signInWithPassword } from '../support/oidc-sign-in.js';
import { expectStatus, openExperience, verifyByCode } from './journeys.js';
import { membershipPayload, userDataPayload, userFlowPayload } from './payloads.js';

describe('sign-in by codes, password reset and linking through the Experience API', async () => {
  const t = await startTestService({ env: { TESSERA_SEND_MIN_INTERVAL_SECONDS: '0' } });
  const events = await tapAllEvents(t);
  const app = await createApplication(t, 'SPA');
  const password = 'Original-Password-1';

  const newUser = async (fields: Record<string, string> = {}) => {
    const username = `user_${newId(8)}`;
    const user = expectStatus(await t.api('POST', '/users', { username, password, ...fields }), 200);
    return { id: user.id as string, username };
  };

  it('signs in with a password: PostSignIn with the user-flow fields', async () => {
    const user = await newUser();
    await events.take();
    const { authorization } = await openExperience(t, app);
    const redirectTo = await signInWithPassword(t, authorization.browser, user.username, password);
    assert.equal((await completeAuthorization(authorization, redirectTo)).claims()?.sub, user.id);
    const fired = await events.take();
    assert.deepEqual(names(fired), ['PostSignIn']);
    const signedIn = userFlowPayload.parse(fired[0]);
    assert.equal(signedIn.interactionEvent, 'SignIn');
    assert.equal(signedIn.userId, user.id);
    assert.equal(signedIn.user?.username, user.username);
    assert.equal(signedIn.applicationId, app.id);
    assert.equal(signedIn.application?.id, app.id);
    assert.equal(signedIn.sessionId, undefined, 'a first sign-in has no session yet');

    // Signing in again in the same browser: the interaction belongs to the session it has now.
    await signIn(t, app, user, password, { prompt: 'login' }, authorization.browser);
    const again = userFlowPayload.parse(only(await events.take(), 'PostSignIn'));
    assert.ok(again.sessionId, 'the oidc-provider session id');
  });

  it('signs in with an e-mail code', async () => {
    const email = `code.${newId(6)}@example.com`;
    const user = await newUser({ primaryEmail: email });
    await events.take();
    const { authorization, call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
    const verificationId = await verifyByCode(t, call, { type: 'email', value: email });
    expectStatus(await call('POST', '/identification', { verificationId }), 204);
    const { redirectTo } = expectStatus(await call('POST', '/submit'), 200);
    const tokens = await completeAuthorization(authorization, redirectTo);
    assert.equal(tokens.claims()?.sub, user.id);
    const fired = await events.take();
    assert.deepEqual(names(fired), ['PostSignIn']);
    assert.equal(userFlowPayload.parse(fired[0]).user?.primaryEmail, email);
  });

  it('signs in with a phone code, however the number is typed', async () => {
    const phone = `4930${String(Date.now()).slice(-7)}`;
    const user = await newUser({ primaryPhone: `+${phone}` });
    await events.take();
    const { authorization, call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
    const verificationId = await verifyByCode(t, call, { type: 'phone', value: phone });
    expectStatus(await call('POST', '/identification', { verificationId }), 204);
    const { redirectTo } = expectStatus(await call('POST', '/submit'), 200);
    assert.equal((await completeAuthorization(authorization, redirectTo)).claims()?.sub, user.id);
    const signedIn = userFlowPayload.parse(only(await events.take(), 'PostSignIn'));
    assert.equal(signedIn.user?.primaryPhone, phone);
  });

  const messagesTo = async (recipient: string) =>
    expectStatus(await t.api('GET', `/messages?recipient=${encodeURIComponent(recipient)}`), 200).length;

  it('with registration open, a sign-in code to an unknown address is delivered and registers the person (as Logto)', async () => {
    const unknown = `unknown.${newId(6)}@example.com`;
    const { authorization, call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
    const verificationId = await verifyByCode(t, call, { type: 'email', value: unknown });
    assert.equal(await messagesTo(unknown), 1);
    expectStatus(await call('POST', '/identification', { verificationId }), 404, 'user.user_not_exist');
    // The person chooses to register with the verified address: the verification is kept.
    expectStatus(await call('PUT', '/interaction-event', { interactionEvent: 'Register' }), 204);
    expectStatus(await call('POST', '/identification', { verificationId }), 204);
    const { redirectTo } = expectStatus(await call('POST', '/submit'), 200);
    await completeAuthorization(authorization, redirectTo);
    assert.deepEqual(names(await events.take()), ['PostRegister', 'User.Created']);
  });

  it('with registration closed (signInMode SignIn), sign-in and reset codes to an unknown address are recorded, not delivered, answering alike', async () => {
    const known = `known.${newId(6)}@example.com`;
    await newUser({ primaryEmail: known });
    await events.take();
    const unknown = `unknown.${newId(6)}@example.com`;
    expectStatus(await t.api('PATCH', '/sign-in-exp', { signInMode: 'SignIn' }), 200);
    try {
      const { call } = await openExperience(t, app);
      for (const event of ['SignIn', 'ForgotPassword'] as const) {
        expectStatus(await call('PUT', '', { interactionEvent: event }), 204);
        for (const value of [known, unknown]) {
          const sent = expectStatus(
            await call('POST', '/verification/verification-code', { identifier: { type: 'email', value } }),
            200,
          );
          assert.deepEqual(Object.keys(sent), ['verificationId'], 'the same answer for both');
        }
      }
      assert.equal(await messagesTo(known), 2);
      assert.equal(await messagesTo(unknown), 0, 'nothing delivered to the unknown address');
    } finally {
      expectStatus(await t.api('PATCH', '/sign-in-exp', { signInMode: 'SignInAndRegister' }), 200);
    }
  });

  it('delivers no reset code to an unknown address while registration is open either', async () => {
    const unknown = `unknown.${newId(6)}@example.com`;
    const { call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'ForgotPassword' }), 204);
    const identifier = { type: 'email', value: unknown };
    expectStatus(await call('POST', '/verification/verification-code', { identifier }), 200);
    assert.equal(await messagesTo(unknown), 0);
    expectStatus(await call('PUT', '', { interactionEvent: 'Register' }), 204);
    expectStatus(await call('POST', '/verification/verification-code', { identifier }), 200);
    assert.equal(await messagesTo(unknown), 1, 'a registration code goes');
  });

  it('resets a password by an e-mail code, then signs in with the new one', async () => {
    const email = `reset.${newId(6)}@example.com`;
    const user = await newUser({ primaryEmail: email });
    await events.take();
    const { authorization, call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'ForgotPassword' }), 204);
    expectStatus(
      await call('POST', '/profile', { type: 'password', value: 'Another-Password-2' }),
      404,
      'session.identifier_not_found',
    );
    const verificationId = await verifyByCode(t, call, { type: 'email', value: email });
    expectStatus(await call('POST', '/submit'), 404, 'session.identifier_not_found');
    expectStatus(await call('POST', '/identification', { verificationId }), 204);
    expectStatus(await call('POST', '/submit'), 422, 'user.missing_profile');
    expectStatus(
      await call('POST', '/profile', { type: 'password', value: password }),
      422,
      'user.same_password',
    );
    expectStatus(
      await call('POST', '/profile', { type: 'password', value: 'tiny' }),
      422,
      'password.rejected',
    );
    const newPassword = 'Another-Password-2';
    expectStatus(await call('POST', '/profile', { type: 'password', value: newPassword }), 204);
    expectStatus(await call('POST', '/submit'), 204);
    expectStatus(await call('POST', '/submit'), 400, 'session.interaction_not_found');

    const fired = await events.take();
    assert.deepEqual(names(fired), ['PostResetPassword', 'User.Data.Updated']);
    const updated = userDataPayload.parse(only(fired, 'User.Data.Updated'));
    assert.equal(updated.data.id, user.id);
    assert.equal(updated.interactionEvent, 'ForgotPassword');
    assert.equal(updated.applicationId, app.id);
    const reset = userFlowPayload.parse(only(fired, 'PostResetPassword'));
    assert.equal(reset.interactionEvent, 'ForgotPassword');
    assert.equal(reset.userId, user.id);
    assert.equal(reset.application?.id, app.id);

    // The same interaction goes on to sign in: the old password no longer works, the new one does.
    expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
    const old = await call('POST', '/verification/password', {
      identifier: { type: 'email', value: email },
      password,
    });
    expectStatus(old, 422, 'session.invalid_credentials');
    const redirectTo = await signInWithPassword(t, authorization.browser, user.username, newPassword);
    assert.equal((await completeAuthorization(authorization, redirectTo)).claims()?.sub, user.id);
  });

  it('links a verified e-mail at sign-in (User.Data.Updated) and provisions by its domain', async () => {
    const user = await newUser();
    const domain = `link-${newId(6)}.example`;
    const organization = expectStatus(await t.api('POST', '/organizations', { name: 'Linked' }), 201);
    expectStatus(
      await t.api('POST', `/organizations/${organization.id}/jit/email-domains`, { emailDomain: domain }),
      201,
    );
    await events.take();

    const { authorization, call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
    const passwordVerification = expectStatus(
      await call('POST', '/verification/password', {
        identifier: { type: 'username', value: user.username },
        password,
      }),
      200,
    );
    const email = `linked.${newId(6)}@${domain}`;
    // A code to an address nobody has is delivered once the account to link it to is identified.
    expectStatus(
      await call('POST', '/identification', { verificationId: passwordVerification.verificationId }),
      204,
    );
    const emailVerification = await verifyByCode(t, call, { type: 'email', value: email });
    expectStatus(
      await call('POST', '/profile', { type: 'password', value: 'Whatever-123' }),
      422,
      'session.profile_not_supported',
    );
    expectStatus(await call('POST', '/profile', { type: 'email', verificationId: emailVerification }), 204);
    const { redirectTo } = expectStatus(await call('POST', '/submit'), 200);
    await completeAuthorization(authorization, redirectTo);

    const fired = await events.take();
    assert.deepEqual(names(fired), ['Organization.Membership.Updated', 'PostSignIn', 'User.Data.Updated']);
    const updated = userDataPayload.parse(only(fired, 'User.Data.Updated'));
    assert.equal(updated.data.primaryEmail, email);
    assert.equal(updated.interactionEvent, 'SignIn');
    const membership = membershipPayload.parse(only(fired, 'Organization.Membership.Updated'));
    assert.deepEqual(membership.addedUserIds, [user.id]);
    assert.equal(membership.interactionEvent, 'SignIn');
    assert.equal(userFlowPayload.parse(only(fired, 'PostSignIn')).user?.primaryEmail, email);
  });

  it('refuses code sign-in when the sign-in experience turns it off', async () => {
    const email = `off.${newId(6)}@example.com`;
    await newUser({ primaryEmail: email });
    const methods = [
      { identifier: 'username', password: true, verificationCode: false },
      { identifier: 'email', password: true, verificationCode: false },
    ];
    expectStatus(await t.api('PATCH', '/sign-in-exp', { signIn: { methods } }), 200);
    try {
      const { call } = await openExperience(t, app);
      expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
      const verificationId = await verifyByCode(t, call, { type: 'email', value: email });
      expectStatus(
        await call('POST', '/identification', { verificationId }),
        422,
        'user.sign_in_method_not_enabled',
      );
      const phone = await call('POST', '/verification/password', {
        identifier: { type: 'phone', value: '15550000000' },
        password,
      });
      expectStatus(phone, 422, 'user.sign_in_method_not_enabled');
    } finally {
      const { signIn } = defaultSignInExperience;
      expectStatus(await t.api('PATCH', '/sign-in-exp', { signIn }), 200);
    }
    await events.take();
  });
});

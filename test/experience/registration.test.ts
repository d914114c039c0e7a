import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { startTestService } from '../support/service.js';
import { names, only, tapAllEvents } from './events.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { completeAuthorization } from '../support/oidc-sign-in.js';
import { expectStatus, openExperience, verifyByCode } from './journeys.js';
import { membershipPayload, userDataPayload, userFlowPayload } from './payloads.js';

describe('registration through the Experience API', async () => {
  const t = await startTestService();
  const events = await tapAllEvents(t);
  const app = await createApplication(t, 'Traditional');
  const password = 'Registered-Password-42';

  // A provisioning organization: users of jit-<id>.example join it with one role.
  const jitDomain = `jit-${newId(6)}.example`;
  const organization = expectStatus(await t.api('POST', '/organizations', { name: 'JIT org' }), 201);
  const role = expectStatus(await t.api('POST', '/organization-roles', { name: `member-${newId(6)}` }), 201);
  expectStatus(
    await t.api('PUT', `/organizations/${organization.id}/jit/email-domains`, {
      emailDomains: [jitDomain.toUpperCase()],
    }),
    204,
  );
  expectStatus(
    await t.api('PUT', `/organizations/${organization.id}/jit/roles`, { organizationRoleIds: [role.id] }),
    204,
  );
  await events.take();

  it('registers with a username and a password, then signs in through the code flow', async () => {
    const { authorization, call } = await openExperience(t, app);
    const username = `new_${newId(8)}`;
    expectStatus(await call('PUT', '', { interactionEvent: 'Register' }), 204);
    expectStatus(await call('POST', '/submit'), 422, 'user.missing_profile');
    expectStatus(await call('POST', '/profile', { type: 'username', value: username }), 204);
    expectStatus(await call('POST', '/submit'), 422, 'user.missing_profile');
    const weak = expectStatus(
      await call('POST', '/profile', { type: 'password', value: 'short' }),
      422,
      'password.rejected',
    );
    assert.ok(weak.data.issues.includes('password_rejected.too_short'));
    const echo = await call('POST', '/profile', { type: 'password', value: `${username}-secret` });
    expectStatus(echo, 422, 'password.rejected');
    assert.deepEqual(echo.body.data.issues, ['password_rejected.restricted.user_info']);
    expectStatus(await call('POST', '/profile', { type: 'password', value: password }), 204);
    const { redirectTo } = expectStatus(await call('POST', '/submit'), 200);

    const tokens = await completeAuthorization(authorization, redirectTo);
    const userId = tokens.claims()!.sub;
    const user = expectStatus(await t.api('GET', `/users/${userId}`), 200);
    assert.equal(user.username, username);
    assert.equal(user.hasPassword, true);

    const fired = await events.take();
    assert.deepEqual(names(fired), ['PostRegister', 'User.Created']);
    const created = userDataPayload.parse(only(fired, 'User.Created'));
    assert.equal(created.data.id, userId);
    assert.equal(created.data.username, username);
    assert.equal(created.interactionEvent, 'Register');
    assert.equal(created.applicationId, app.id);
    assert.ok(created.ip);
    const registered = userFlowPayload.parse(only(fired, 'PostRegister'));
    assert.equal(registered.interactionEvent, 'Register');
    assert.equal(registered.userId, userId);
    assert.equal(registered.user?.username, username);
    assert.ok(registered.user?.lastSignInAt);
    assert.equal(registered.applicationId, app.id);
    assert.equal(registered.application?.type, 'Traditional');
    assert.ok(registered.userIp);
  });

  it('registers with an e-mail code; a matching domain joins the JIT organization with its roles', async () => {
    const { authorization, call } = await openExperience(t, app);
    const email = `person.${newId(6)}@${jitDomain}`;
    expectStatus(await call('PUT', '', { interactionEvent: 'Register' }), 204);
    const verificationId = await verifyByCode(t, call, { type: 'email', value: email });
    expectStatus(await call('POST', '/identification', { verificationId }), 204);
    const { redirectTo } = expectStatus(await call('POST', '/submit'), 200);
    const tokens = await completeAuthorization(authorization, redirectTo);
    const userId = tokens.claims()!.sub;

    const fired = await events.take();
    assert.deepEqual(names(fired), ['Organization.Membership.Updated', 'PostRegister', 'User.Created']);
    assert.equal(userDataPayload.parse(only(fired, 'User.Created')).data.primaryEmail, email);
    const membership = membershipPayload.parse(only(fired, 'Organization.Membership.Updated'));
    assert.equal(membership.organizationId, organization.id);
    assert.deepEqual(membership.addedUserIds, [userId]);
    assert.equal(membership.interactionEvent, 'Register');
    assert.equal(membership.applicationId, app.id);
    assert.equal(userFlowPayload.parse(only(fired, 'PostRegister')).user?.primaryEmail, email);

    const roles = expectStatus(
      await t.api('GET', `/organizations/${organization.id}/users/${userId}/roles`),
      200,
    );
    assert.deepEqual(
      roles.map((r: { id: string }) => r.id),
      [role.id],
    );
  });

  it('registers with an e-mail of another domain without joining anything', async () => {
    const { authorization, call } = await openExperience(t, app);
    const email = `someone.${newId(6)}@elsewhere-${jitDomain}`;
    expectStatus(await call('PUT', '', { interactionEvent: 'Register' }), 204);
    const verificationId = await verifyByCode(t, call, { type: 'email', value: email });
    expectStatus(await call('POST', '/profile', { type: 'email', verificationId }), 204);
    const { redirectTo } = expectStatus(await call('POST', '/submit'), 200);
    await completeAuthorization(authorization, redirectTo);
    assert.deepEqual(names(await events.take()), ['PostRegister', 'User.Created']);
    const members = expectStatus(await t.api('GET', `/organizations/${organization.id}/users`), 200);
    assert.equal(members.length, 1, 'only the earlier JIT member');
  });

  it('registers with a phone code', async () => {
    const { authorization, call } = await openExperience(t, app);
    const phone = `1555${String(Date.now()).slice(-7)}`;
    expectStatus(await call('PUT', '', { interactionEvent: 'Register' }), 204);
    const verificationId = await verifyByCode(t, call, { type: 'phone', value: phone });
    expectStatus(await call('POST', '/identification', { verificationId }), 204);
    const { redirectTo } = expectStatus(await call('POST', '/submit'), 200);
    const tokens = await completeAuthorization(authorization, redirectTo);
    const user = expectStatus(await t.api('GET', `/users/${tokens.claims()!.sub}`), 200);
    assert.equal(user.primaryPhone, phone);
    assert.deepEqual(names(await events.take()), ['PostRegister', 'User.Created']);
  });

  it('refuses an identifier someone already has, and a second code within the minimum gap', async () => {
    const taken = `taken_${newId(6)}`;
    expectStatus(
      await t.api('POST', '/users', { username: taken, primaryEmail: `${taken}@example.com` }),
      200,
    );
    const { call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'Register' }), 204);
    expectStatus(
      await call('POST', '/profile', { type: 'username', value: taken.toUpperCase() }),
      422,
      'user.username_already_in_use',
    );
    const verificationId = await verifyByCode(t, call, { type: 'email', value: `${taken}@example.com` });
    expectStatus(await call('POST', '/identification', { verificationId }), 422, 'user.email_already_in_use');

    const again = await call('POST', '/verification/verification-code', {
      identifier: { type: 'email', value: `${taken}@example.com` },
    });
    expectStatus(again, 429, 'request.message_rate_limited');
    await events.take();
  });

  it('closes registration for identifiers the sign-in experience does not list', async () => {
    const settings = await t.api('PATCH', '/sign-in-exp', {
      signUp: { identifiers: ['email'], password: true },
    });
    expectStatus(settings, 200);
    try {
      const { call } = await openExperience(t, app);
      expectStatus(await call('PUT', '', { interactionEvent: 'Register' }), 204);
      expectStatus(
        await call('POST', '/profile', { type: 'username', value: `u_${newId(6)}` }),
        422,
        'user.sign_up_method_not_enabled',
      );
      const verificationId = await verifyByCode(t, call, {
        type: 'email',
        value: `pw.${newId(6)}@example.org`,
      });
      expectStatus(await call('POST', '/identification', { verificationId }), 204);
      const missing = expectStatus(await call('POST', '/submit'), 422, 'user.missing_profile');
      assert.deepEqual(missing.data.missingProfile, ['password']);
    } finally {
      expectStatus(
        await t.api('PATCH', '/sign-in-exp', {
          signUp: { identifiers: ['username', 'email', 'phone'], password: false },
        }),
        200,
      );
    }
    await events.take();
  });
});

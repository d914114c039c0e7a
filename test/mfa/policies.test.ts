import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { expectStatus, openExperience } from '../experience/journeys.js';
import { startTestService } from '../support/service.js';
import { createApplication, createUser } from '../support/sign-in-fixtures.js';
import { identifiedSignIn, setMfaPolicy } from './journey.js';

const POLICIES = [
  'PromptAtSignInAndSignUp',
  'PromptOnlyAtSignIn',
  'NoPrompt',
  'Mandatory',
  'UserControlled',
] as const;
type Policy = (typeof POLICIES)[number];

describe('MFA policies: Logto’s values and when each asks a user without a factor', async () => {
  const t = await startTestService();
  const app = await createApplication(t, 'SPA');
  const password = 'Right-Password-1';

  /** The management API over a socket, as a Logto script calls it. */
  const management = async (method: string, body?: unknown) => {
    const response = await fetch(`${t.baseUrl}/api/sign-in-exp`, {
      method,
      headers: {
        authorization: `Bearer ${await t.managementToken()}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: await response.json() };
  };

  /** The submit's answer for a registration and for a sign-in of a user without a factor. */
  const submitAnswers = async () => {
    const register = await openExperience(t, app);
    expectStatus(await register.call('PUT', '', { interactionEvent: 'Register' }), 204);
    expectStatus(await register.call('POST', '/profile', { type: 'username', value: `p_${newId(8)}` }), 204);
    expectStatus(await register.call('POST', '/profile', { type: 'password', value: password }), 204);
    const registered = await register.call('POST', '/submit');
    const user = await createUser(t, password);
    const signIn = await identifiedSignIn(t, app, user.username, password);
    const signedIn = await signIn.call('POST', '/submit');
    return { registered, signedIn, signIn, user };
  };

  const offered = { availableFactors: ['Totp'], skippable: true };

  it('PATCH accepts each of Logto’s values and GET returns the value as set', async () => {
    for (const policy of POLICIES) {
      const patched = expectStatus(await management('PATCH', { mfa: { factors: [], policy } }), 200);
      assert.equal(patched.mfa.policy, policy);
      assert.deepEqual(expectStatus(await management('GET'), 200).mfa, { factors: [], policy });
    }
    const refused = await management('PATCH', { mfa: { factors: [], policy: 'Sometimes' } });
    assert.equal(refused.status, 400);
  });

  for (const policy of ['PromptAtSignInAndSignUp', 'UserControlled'] satisfies Policy[]) {
    it(`${policy} offers a factor skippably at registration and at sign-in; a declined offer is not repeated`, async () => {
      await setMfaPolicy(t, ['Totp'], policy);
      const { registered, signedIn, signIn, user } = await submitAnswers();
      assert.deepEqual(expectStatus(registered, 422, 'user.missing_mfa').data, offered);
      assert.deepEqual(expectStatus(signedIn, 422, 'user.missing_mfa').data, offered);
      expectStatus(await signIn.call('POST', '/profile/mfa/mfa-skipped'), 204);
      expectStatus(await signIn.call('POST', '/submit'), 200);
      const again = await identifiedSignIn(t, app, user.username, password);
      expectStatus(await again.call('POST', '/submit'), 200);
    });
  }

  it('PromptOnlyAtSignIn lets a registration through and offers a factor at sign-in', async () => {
    await setMfaPolicy(t, ['Totp'], 'PromptOnlyAtSignIn');
    const { registered, signedIn, signIn } = await submitAnswers();
    expectStatus(registered, 200);
    assert.deepEqual(expectStatus(signedIn, 422, 'user.missing_mfa').data, offered);
    expectStatus(await signIn.call('POST', '/profile/mfa/mfa-skipped'), 204);
    expectStatus(await signIn.call('POST', '/submit'), 200);
  });

  it('NoPrompt asks no one to bind a factor', async () => {
    await setMfaPolicy(t, ['Totp'], 'NoPrompt');
    const { registered, signedIn } = await submitAnswers();
    expectStatus(registered, 200);
    expectStatus(signedIn, 200);
  });

  it('Mandatory requires a factor at registration and sign-in, and refuses a decline', async () => {
    await setMfaPolicy(t, ['Totp'], 'Mandatory');
    const { registered, signedIn, signIn } = await submitAnswers();
    const required = { availableFactors: ['Totp'], skippable: false };
    assert.deepEqual(expectStatus(registered, 422, 'user.missing_mfa').data, required);
    assert.deepEqual(expectStatus(signedIn, 422, 'user.missing_mfa').data, required);
    expectStatus(
      await signIn.call('POST', '/profile/mfa/mfa-skipped'),
      422,
      'session.mfa.mfa_policy_not_user_controlled',
    );
  });
});

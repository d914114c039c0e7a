import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { startTestService } from '../support/service.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { completeAuthorization, signInWithPassword } from '../support/oidc-sign-in.js';
import { names, tapAllEvents } from './events.js';
import { expectStatus, openExperience, type Call } from './journeys.js';

const BLOCKED = 'session.verification_blocked_too_many_attempts';

describe('sign-in experience: Logto members, deep-merging PATCH, sentinelPolicy and unblock', async () => {
  const t = await startTestService({ env: { TESSERA_LOCKOUT_MAX_FAILURES: '5' } });
  const events = await tapAllEvents(t);
  const app = await createApplication(t, 'SPA');
  const password = 'Right-Password-1';
  const tryPassword = (call: Call, value: string, secret: string) =>
    call('POST', '/verification/password', { identifier: { type: 'username', value }, password: secret });

  it('merges partial objects, accepts Logto’s members and shows them on the public read', async () => {
    const merged = expectStatus(
      await t.api('PATCH', '/sign-in-exp', { passwordPolicy: { length: { max: 128 } } }),
      200,
    );
    assert.deepEqual(merged.passwordPolicy.length, { min: 8, max: 128 });
    assert.equal(merged.passwordPolicy.rejects.userInfo, true, 'siblings kept');
    const patch = {
      languageInfo: { autoDetect: false, fallbackLanguage: 'pt-BR' },
      termsOfUseUrl: 'https://example.com/terms',
      privacyPolicyUrl: 'https://example.com/privacy',
      signInMode: 'SignInAndRegister',
      agreeToTermsPolicy: 'Manual',
      customCss: '.button { color: red; }',
      branding: { favicon: 'https://example.com/favicon.ico' },
      color: { primaryColor: '#112233' },
    };
    const saved = expectStatus(await t.api('PATCH', '/sign-in-exp', patch), 200);
    assert.equal(saved.color.darkPrimaryColor, '#7cb7ff', 'the colour siblings are kept');
    const read = expectStatus(await t.api('GET', '/sign-in-exp'), 200);
    const open = await fetch(`${t.baseUrl}/api/.well-known/sign-in-exp`);
    assert.equal(open.status, 200);
    const publicRead = (await open.json()) as Record<string, unknown>;
    for (const [key, value] of Object.entries(patch)) {
      if (key === 'branding' || key === 'color') continue;
      assert.deepEqual(read[key], value, key);
      assert.deepEqual(publicRead[key], value, `public ${key}`);
    }
    assert.equal((publicRead.branding as { favicon: string }).favicon, patch.branding.favicon);
    assert.deepEqual(publicRead.passwordPolicy, read.passwordPolicy);
    assert.deepEqual(
      expectStatus(await t.api('PATCH', '/sign-in-exp', { termsOfUseUrl: null }), 200).termsOfUseUrl,
      null,
    );
  });

  it('refuses bad members with 400 and changes nothing', async () => {
    const before = expectStatus(await t.api('GET', '/sign-in-exp'), 200);
    const bad = [
      { passwordPolicy: { length: { min: 200 } } }, // min above the stored max of 128
      { signInMode: 'Everything' },
      { termsOfUseUrl: 'javascript:alert(1)' },
      { languageInfo: { fallbackLanguage: 'not a tag' } },
      { sentinelPolicy: { maxAttempts: 0 } },
      { sentinelPolicy: { lockoutDuration: -1 } },
      { customCss: 'x'.repeat(70_000) },
      { signUp: { secondaryIdentifiers: [{ identifier: 'fax' }] } },
    ];
    for (const body of bad) {
      expectStatus(await t.api('PATCH', '/sign-in-exp', body), 400, 'guard.invalid_input');
    }
    assert.deepEqual(expectStatus(await t.api('GET', '/sign-in-exp'), 200), before);
  });

  it('refuses an e-mail or phone sign-up without verification: 400 passwordless_requires_verify', async () => {
    const before = expectStatus(await t.api('GET', '/sign-in-exp'), 200);
    for (const signUp of [
      { identifiers: ['email'], password: false, verify: false },
      { identifiers: ['phone'], password: false, verify: false },
      { identifiers: ['username', 'email'], password: true, verify: false },
    ]) {
      const response = await t.api<{ code: string }>('PATCH', '/sign-in-exp', { signUp });
      assert.equal(response.status, 400, JSON.stringify(signUp));
      assert.equal(response.body.code, 'sign_in_experiences.passwordless_requires_verify');
    }
    assert.deepEqual(
      expectStatus(await t.api('GET', '/sign-in-exp'), 200).signUp,
      before.signUp,
      'unchanged',
    );
    const usernameOnly = { identifiers: ['username'], password: true, verify: false };
    expectStatus(await t.api('PATCH', '/sign-in-exp', { signUp: usernameOnly }), 200);
    expectStatus(await t.api('PATCH', '/sign-in-exp', { signUp: before.signUp }), 200);
  });

  it('signInMode closes registration with Logto’s 403', async () => {
    expectStatus(await t.api('PATCH', '/sign-in-exp', { signInMode: 'SignIn' }), 200);
    try {
      const { call } = await openExperience(t, app);
      expectStatus(await call('PUT', '', { interactionEvent: 'Register' }), 403, 'auth.forbidden');
      expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
      expectStatus(
        await call('PUT', '/interaction-event', { interactionEvent: 'Register' }),
        403,
        'auth.forbidden',
      );
    } finally {
      expectStatus(await t.api('PATCH', '/sign-in-exp', { signInMode: 'SignInAndRegister' }), 200);
    }
  });

  it('sentinelPolicy sets the lockout at once; unblocking by the identifier lets the user in', async () => {
    const username = `Sentinel_${newId(6)}`;
    const user = expectStatus(await t.api('POST', '/users', { username, password }), 200);
    const limits = async () => expectStatus(await t.api('GET', '/configs/limits'), 200).lockout;
    assert.equal((await limits()).maxFailures, 5, 'the setting is the default');
    expectStatus(
      await t.api('PATCH', '/sign-in-exp', { sentinelPolicy: { maxAttempts: 2, lockoutDuration: 30 } }),
      200,
    );
    try {
      assert.deepEqual(await limits(), {
        maxFailures: 2,
        windowSeconds: (await limits()).windowSeconds,
        lockSeconds: 1800,
      });
      await events.take();
      const { authorization, call } = await openExperience(t, app);
      expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
      expectStatus(await tryPassword(call, username, 'wrong-1'), 422, 'session.invalid_credentials');
      expectStatus(await tryPassword(call, username, 'wrong-2'), 400, BLOCKED);
      expectStatus(await tryPassword(call, username, password), 400, BLOCKED);
      assert.deepEqual(names(await events.take()), ['Identifier.Lockout']);

      // An identifier nobody has is locked too, and unblocked in the same call.
      const nobody = `nobody_${newId(6)}`;
      await tryPassword(call, nobody, 'x');
      expectStatus(await tryPassword(call, nobody, 'y'), 400, BLOCKED);
      await events.take();

      const unblock = (body: unknown) => t.api('POST', '/sentinel-activities/delete', body);
      expectStatus(await unblock({ targets: [username] }), 400, 'guard.invalid_input');
      expectStatus(await unblock({ targetType: 'User', targets: 'all' }), 400, 'guard.invalid_input');
      expectStatus(await unblock({ targetType: 'App', targets: [username] }), 204);
      expectStatus(await tryPassword(call, username, password), 400, BLOCKED);
      expectStatus(await unblock({ targetType: 'User', targets: [username.toUpperCase(), nobody] }), 204);
      assert.deepEqual(await events.take(), [], 'an unblock fires nothing');
      expectStatus(await tryPassword(call, nobody, 'z'), 422, 'session.invalid_credentials');
      const redirectTo = await signInWithPassword(t, authorization.browser, username, password);
      assert.equal((await completeAuthorization(authorization, redirectTo)).claims()?.sub, user.id);
    } finally {
      const reset = { sentinelPolicy: { maxAttempts: null, lockoutDuration: null } };
      expectStatus(await t.api('PATCH', '/sign-in-exp', reset), 200);
    }
    assert.equal((await limits()).maxFailures, 5, 'null gives the setting back');
  });
});

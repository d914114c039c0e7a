import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { json } from '../support/http.js';
import { startTestService } from '../support/service.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { createApplication, createUser } from '../support/sign-in-fixtures.js';
import { defaultSignInExperience } from '../../src/sign-in-experience/sign-in-experience.schemas.js';
import { beginAuthorization, completeAuthorization } from '../support/oidc-sign-in.js';
import { expectStatus, latestCode, type Call } from './journeys.js';

describe('Experience API rules', async () => {
  const t = await startTestService();
  const password = 'a long enough password';
  const user = await createUser(t, password, `Person.${Date.now()}@Example.com`);
  const other = await createUser(t, password);
  const app = await createApplication(t, 'SPA');

  /** A browser on the sign-in page of a fresh interaction, and its Experience API caller. */
  const session = async () => {
    const authorization = await beginAuthorization(t, app);
    const call = (method: string, path: string, body?: unknown) =>
      authorization.browser.call(t.baseUrl, method, `/api/experience${path}`, body);
    return { authorization, call };
  };
  const passwordOf = (value: string, secret = password, type = 'username') => ({
    identifier: { type, value },
    password: secret,
  });

  it('answers 400 session.not_found without an interaction cookie', async () => {
    const response = await fetch(`${t.baseUrl}/api/experience`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ interactionEvent: 'SignIn' }),
    });
    assert.equal(response.status, 400);
    assert.equal((await json(response)).code, 'session.not_found');
  });

  it('starts every flow, and refuses unknown events', async () => {
    const { call } = await session();
    for (const interactionEvent of ['Register', 'ForgotPassword', 'SignIn']) {
      assert.equal((await call('PUT', '', { interactionEvent })).status, 204);
    }
    const unknown = await call('PUT', '', { interactionEvent: 'Impersonate' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.code, 'guard.invalid_input');
  });

  it('requires the experience to be started first', async () => {
    const { call } = await session();
    const response = await call('POST', '/verification/password', passwordOf(user.username));
    assert.equal(response.status, 400);
    assert.equal(response.body.code, 'session.interaction_not_found');
  });

  it('answers a wrong password and an unknown identifier alike: 422 session.invalid_credentials', async () => {
    const { call } = await session();
    await call('PUT', '', { interactionEvent: 'SignIn' });
    const wrong = await call('POST', '/verification/password', passwordOf(user.username, 'not it'));
    const unknown = await call('POST', '/verification/password', passwordOf('nobody-here'));
    for (const response of [wrong, unknown]) {
      assert.equal(response.status, 422);
      assert.equal(response.body.code, 'session.invalid_credentials');
    }
    assert.equal(wrong.body.message, unknown.body.message);
  });

  it('refuses to submit before identification', async () => {
    const { call } = await session();
    await call('PUT', '', { interactionEvent: 'SignIn' });
    const early = await call('POST', '/submit');
    assert.equal(early.status, 404);
    assert.equal(early.body.code, 'session.identifier_not_found');
    await call('POST', '/verification/password', passwordOf(user.username));
    const verifiedOnly = await call('POST', '/submit');
    assert.equal(verifiedOnly.status, 404, 'a verification alone does not identify');
  });

  it('refuses a verificationId of another interaction', async () => {
    const first = await session();
    const second = await session();
    await first.call('PUT', '', { interactionEvent: 'SignIn' });
    await second.call('PUT', '', { interactionEvent: 'SignIn' });
    const { body } = await first.call('POST', '/verification/password', passwordOf(user.username));
    const stolen = await second.call('POST', '/identification', { verificationId: body.verificationId });
    assert.equal(stolen.status, 404);
    assert.equal(stolen.body.code, 'session.verification_session_not_found');
    const unknown = await second.call('POST', '/identification', { verificationId: 'made-up' });
    assert.equal(unknown.status, 404);
  });

  it('forgets earlier verifications when the experience is restarted', async () => {
    const { call } = await session();
    await call('PUT', '', { interactionEvent: 'SignIn' });
    const { body } = await call('POST', '/verification/password', passwordOf(user.username));
    await call('PUT', '', { interactionEvent: 'SignIn' });
    const stale = await call('POST', '/identification', { verificationId: body.verificationId });
    assert.equal(stale.status, 404);
  });

  it('refuses to identify a second, different user in one interaction', async () => {
    const { call } = await session();
    await call('PUT', '', { interactionEvent: 'SignIn' });
    const a = await call('POST', '/verification/password', passwordOf(user.username));
    const b = await call('POST', '/verification/password', passwordOf(other.username));
    assert.equal(
      (await call('POST', '/identification', { verificationId: a.body.verificationId })).status,
      204,
    );
    const conflict = await call('POST', '/identification', { verificationId: b.body.verificationId });
    assert.equal(conflict.status, 409);
    assert.equal(conflict.body.code, 'session.identity_conflict');
  });

  it('keeps the state in the database by interaction, clears it on submit, fires PostSignIn', async () => {
    const receiver = await startWebhookReceiver();
    after(() => receiver.close());
    const hook = await t.api('POST', '/hooks', {
      name: 'sign-ins',
      events: ['PostSignIn'],
      config: { url: receiver.url },
    });
    assert.equal(hook.status, 201);
    const { authorization, call } = await session();
    const db = t.service.storage.db;
    const stateOf = (uid: string) =>
      db
        .selectFrom('experience_interactions')
        .selectAll()
        .where('interaction_uid', '=', uid)
        .executeTakeFirst();
    await call('PUT', '', { interactionEvent: 'SignIn' });
    const { body } = await call(
      'POST',
      '/verification/password',
      passwordOf(user.email!.toUpperCase(), password, 'email'),
    );
    assert.ok(body.verificationId, 'e-mail addresses match case-insensitively');
    await call('POST', '/identification', { verificationId: body.verificationId });
    const state = await stateOf(authorization.uid);
    assert.equal(state?.user_id, user.id);
    assert.equal(state?.application_id, app.id);
    assert.equal(state?.interaction_event, 'SignIn');

    const submit = await call('POST', '/submit');
    assert.equal(await stateOf(authorization.uid), undefined);
    const tokens = await completeAuthorization(authorization, submit.body.redirectTo);
    assert.equal(tokens.claims()?.sub, user.id);

    const [delivery] = await receiver.waitFor(1);
    assert.equal(delivery!.json.event, 'PostSignIn');
    assert.equal(delivery!.json.interactionEvent, 'SignIn');
    assert.equal(delivery!.json.userId, user.id);
    assert.equal(delivery!.json.user.id, user.id);
    assert.ok(delivery!.json.user.lastSignInAt);
    assert.equal(delivery!.json.user.passwordHash, undefined);
    assert.equal(delivery!.json.applicationId, app.id);
    assert.equal(delivery!.json.application.type, 'SPA');
  });

  it('serves the hosted sign-in page under a strict content security policy', async () => {
    const response = await fetch(`${t.baseUrl}/sign-in?uid=anything`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /text\/html/);
    const policy = response.headers.get('content-security-policy') ?? '';
    assert.match(policy, /default-src 'none'/);
    assert.match(policy, /frame-ancestors 'none'/);
    assert.match(policy, /script-src 'self'(;|$)/);
    assert.match(policy, /style-src 'self'(;|$)/);
    const html = await response.text();
    assert.match(html, /<div id="root"><\/div>/);
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script');
    assert.doesNotMatch(html, /<style|style="/, 'no inline style');
  });

  it('describes the Experience API in the OpenAPI document', async () => {
    const document = await json(await fetch(`${t.baseUrl}/api/swagger.json`));
    for (const path of [
      '/api/experience/verification/password',
      '/api/experience/identification',
      '/api/experience/submit',
      '/api/experience/interaction-event',
      '/api/experience/verification/verification-code',
      '/api/experience/verification/verification-code/verify',
      '/api/experience/profile',
      '/api/my-account/primary-email',
      '/api/sign-in-exp',
      '/api/messages',
      '/api/organizations/{id}/jit/email-domains',
      '/api/organizations/{id}/jit/roles',
    ]) {
      assert.ok(document.paths[path], path);
    }
  });

  it('refuses to skip steps in every flow', async () => {
    const email = `skip.${Date.now()}@example.com`;
    // An account has the address, so that a sign-in code is delivered to it.
    assert.equal((await t.api('POST', '/users', { primaryEmail: email })).status, 200);
    const first = await session();
    const second = await session();
    await first.call('PUT', '', { interactionEvent: 'SignIn' });
    await second.call('PUT', '', { interactionEvent: 'Register' });
    // Submit before any verification, per flow.
    expectStatus(await first.call('POST', '/submit'), 404, 'session.identifier_not_found');
    expectStatus(await second.call('POST', '/submit'), 422, 'user.missing_profile');

    // A code not yet verified identifies nothing; a code is bound to its identifier and interaction.
    const identifier = { type: 'email', value: email };
    const sent = expectStatus(
      await first.call('POST', '/verification/verification-code', { identifier }),
      200,
    );
    const code = await latestCode(t, email);
    const pending = { verificationId: sent.verificationId };
    expectStatus(await first.call('POST', '/identification', pending), 400, 'session.verification_failed');
    expectStatus(
      await second.call('POST', '/profile', { type: 'email', ...pending }),
      404,
      'session.verification_session_not_found',
    );
    const verify = (call: Call, body: object) => call('POST', '/verification/verification-code/verify', body);
    expectStatus(
      await verify(first.call, { identifier: { type: 'email', value: `other.${email}` }, ...pending, code }),
      400,
      'verification_code.email_mismatch',
    );
    expectStatus(
      await verify(first.call, { identifier: { type: 'phone', value: '15550001111' }, ...pending, code }),
      404,
      'session.verification_session_not_found',
    );
    expectStatus(
      await verify(second.call, { identifier, ...pending, code }),
      404,
      'session.verification_session_not_found',
    );
    expectStatus(
      await verify(first.call, { identifier, verificationId: 'made-up', code }),
      404,
      'session.verification_session_not_found',
    );
    expectStatus(await verify(first.call, { identifier, ...pending, code }), 200);
    expectStatus(
      await verify(first.call, { identifier, ...pending, code }),
      400,
      'verification_code.not_found',
    );
    expectStatus(
      await second.call('POST', '/identification', pending),
      404,
      'session.verification_session_not_found',
    );

    // ForgotPassword takes a code, never a password verification.
    const reset = await session();
    await reset.call('PUT', '', { interactionEvent: 'ForgotPassword' });
    const byPassword = expectStatus(
      await reset.call('POST', '/verification/password', passwordOf(user.username)),
      200,
    );
    expectStatus(
      await reset.call('POST', '/identification', byPassword),
      422,
      'session.not_supported_for_forgot_password',
    );
    expectStatus(await reset.call('POST', '/submit'), 404, 'session.identifier_not_found');
    expectStatus(
      await reset.call('PUT', '/interaction-event', { interactionEvent: 'SignIn' }),
      422,
      'session.interaction_event_switch_not_supported',
    );
    expectStatus(
      await reset.call('POST', '/profile', { type: 'username', value: 'someone' }),
      400,
      'session.not_supported_for_forgot_password',
    );
  });

  it('answers bad input on every Experience API route with 400 and a stable code', async () => {
    const { call } = await session();
    expectStatus(
      await call('PUT', '/interaction-event', { interactionEvent: 'SignIn' }),
      400,
      'session.interaction_not_found',
    );
    expectStatus(
      await call('POST', '/verification/verification-code', {
        identifier: { type: 'email', value: 'a@b.co' },
      }),
      400,
      'session.interaction_not_found',
    );
    await call('PUT', '', { interactionEvent: 'Register' });
    const invalid: [string, string, unknown][] = [
      ['PUT', '', {}],
      ['PUT', '/interaction-event', { interactionEvent: 'Everything' }],
      ['POST', '/verification/password', { identifier: { type: 'username', value: '' }, password: 'x' }],
      ['POST', '/verification/verification-code', { identifier: { type: 'email', value: 'not-an-address' } }],
      ['POST', '/verification/verification-code', { identifier: { type: 'phone', value: 'call me' } }],
      ['POST', '/verification/verification-code', { identifier: { type: 'username', value: 'someone' } }],
      [
        'POST',
        '/verification/verification-code/verify',
        { identifier: { type: 'email', value: 'a@b.co' }, verificationId: 'x', code: '12ab56' },
      ],
      [
        'POST',
        '/verification/verification-code/verify',
        { identifier: { type: 'email', value: 'a@b.co' }, code: '123456' },
      ],
      ['POST', '/identification', { verificationId: 42 }],
      ['POST', '/profile', { type: 'username', value: '1-not a username' }],
      ['POST', '/profile', { type: 'password', value: '' }],
      ['POST', '/profile', { type: 'email', value: 'a@b.co' }],
      ['POST', '/profile', { type: 'avatar', value: 'x' }],
    ];
    for (const [method, path, body] of invalid) {
      expectStatus(await call(method, path, body), 400, 'guard.invalid_input');
    }
  });

  it('answers bad input on the new management routes with 4xx and a stable code', async () => {
    const bad: [string, string, unknown, number, string][] = [
      [
        'PATCH',
        '/sign-in-exp',
        { signUp: { identifiers: ['fax'], password: true } },
        400,
        'guard.invalid_input',
      ],
      [
        'PATCH',
        '/sign-in-exp',
        { signIn: { methods: [{ identifier: 'username', password: true, verificationCode: true }] } },
        400,
        'guard.invalid_input',
      ],
      [
        'PATCH',
        '/sign-in-exp',
        {
          passwordPolicy: {
            length: { min: 12, max: 8 },
            characterTypes: { min: 1 },
            rejects: { userInfo: true },
          },
        },
        400,
        'guard.invalid_input',
      ],
      ['PATCH', '/sign-in-exp', { socialSignInConnectorTargets: ['a', 'a'] }, 400, 'guard.invalid_input'],
      ['PATCH', '/sign-in-exp', { socialSignInConnectorTargets: ['no spaces'] }, 400, 'guard.invalid_input'],
      ['GET', '/messages?page_size=1000', undefined, 400, 'guard.invalid_input'],
      ['POST', '/verification-codes', { email: 'a@b.co', phone: '15550001111' }, 400, 'guard.invalid_input'],
      ['POST', '/verification-codes', { email: 'nope' }, 400, 'guard.invalid_input'],
      [
        'POST',
        '/verification-codes/verify',
        { email: 'a@b.co', verificationCode: 'abc' },
        400,
        'guard.invalid_input',
      ],
      [
        'POST',
        '/verification-codes/verify',
        { email: 'never.sent@b.co', verificationCode: '123456' },
        400,
        'verification_code.not_found',
      ],
      ['GET', '/organizations/missing/jit/email-domains', undefined, 404, 'entity.not_exists_with_id'],
      [
        'PUT',
        '/organizations/missing/jit/email-domains',
        { emailDomains: ['example.com'] },
        404,
        'entity.not_exists_with_id',
      ],
      ['GET', '/organizations/missing/jit/roles', undefined, 404, 'entity.not_exists_with_id'],
    ];
    const organization = (await t.api<{ id: string }>('POST', '/organizations', { name: 'Rules' })).body;
    const id = organization.id;
    bad.push(
      [
        'PUT',
        `/organizations/${id}/jit/email-domains`,
        { emailDomains: ['not a domain'] },
        400,
        'guard.invalid_input',
      ],
      [
        'POST',
        `/organizations/${id}/jit/email-domains`,
        { emailDomain: '@example.com' },
        400,
        'guard.invalid_input',
      ],
      [
        'DELETE',
        `/organizations/${id}/jit/email-domains/example.net`,
        undefined,
        404,
        'entity.not_exists_with_id',
      ],
      [
        'PUT',
        `/organizations/${id}/jit/roles`,
        { organizationRoleIds: ['no-such-role'] },
        422,
        'entity.relation_foreign_key_not_found',
      ],
      ['PUT', `/organizations/${id}/jit/roles`, { organizationRoleIds: 'all' }, 400, 'guard.invalid_input'],
    );
    for (const [method, path, body, status, code] of bad) {
      const response = await t.api<{ code: string }>(method, path, body);
      assert.equal(response.status, status, `${method} ${path}: ${JSON.stringify(response.body)}`);
      assert.equal(response.body.code, code, `${method} ${path}`);
    }
    const settings = (await t.api<{ signUp: unknown }>('GET', '/sign-in-exp')).body;
    assert.deepEqual(settings, defaultSignInExperience, 'refused patches change nothing');
    assert.equal(
      (await t.api('PUT', `/organizations/${id}/jit/email-domains`, { emailDomains: ['Example.COM'] }))
        .status,
      204,
    );
    const domains = await t.api<unknown[]>('GET', `/organizations/${id}/jit/email-domains`);
    assert.deepEqual(domains.body, [{ organizationId: id, emailDomain: 'example.com' }]);
    assert.equal((await t.api('DELETE', `/organizations/${id}/jit/email-domains/example.com`)).status, 204);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { apiOk } from '../support/http.js';
import { startTestService } from '../support/service.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { completeAuthorization } from '../support/oidc-sign-in.js';
import { expectStatus, openExperience, verifyByCode } from './journeys.js';

interface OneTimeToken {
  id: string;
  email: string;
  token: string;
  context: { jitOrganizationIds?: string[] };
  status: string;
  createdAt: number;
  expiresAt: number;
}

describe('one-time tokens: management routes and sign-in through the Experience API', async () => {
  const t = await startTestService();
  const db = t.service.storage.db;
  const app = await createApplication(t, 'SPA');
  const address = () => `ott.${newId(6).toLowerCase()}@example.com`;
  const issue = (body: Record<string, unknown>) => apiOk<OneTimeToken>(t, 'POST', '/one-time-tokens', body);
  const expire = (id: string) =>
    db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
  const membersOf = async (organizationId: string) =>
    (await apiOk<{ id: string }[]>(t, 'GET', `/organizations/${organizationId}/users`)).map((u) => u.id);

  it('issues, lists, reads, revokes and deletes tokens in Logto’s shapes', async () => {
    const email = address();
    const created = await t.api<OneTimeToken>('POST', '/one-time-tokens', {
      email,
      context: { jitOrganizationIds: ['org-a'] },
    });
    assert.equal(created.status, 201);
    const token = created.body;
    assert.deepEqual(Object.keys(token).sort(), [
      'context',
      'createdAt',
      'email',
      'expiresAt',
      'id',
      'status',
      'token',
    ]);
    assert.equal(token.status, 'Active');
    assert.deepEqual(token.context, { jitOrganizationIds: ['org-a'] });
    assert.ok(Math.abs(token.expiresAt - token.createdAt - 600_000) < 2000, 'ten minutes by default');
    assert.match(token.token, /^[A-Za-z0-9_-]{32}$/);
    const stored = await db
      .selectFrom('one_time_tokens')
      .selectAll()
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    assert.ok(!stored.sealed_value.includes(token.token), 'sealed at rest');

    assert.deepEqual(await apiOk(t, 'GET', `/one-time-tokens/${token.id}`), token);
    const listed = await t.api<OneTimeToken[]>(
      'GET',
      `/one-time-tokens?email=${encodeURIComponent(email.toUpperCase())}`,
    );
    assert.deepEqual(listed.body, [token]);
    assert.equal(listed.headers.get('total-number'), '1');

    const second = await issue({ email, expiresIn: 60 });
    await expire(second.id);
    assert.deepEqual(
      (await apiOk<OneTimeToken[]>(t, 'GET', `/one-time-tokens?email=${email}&status=Expired`)).map(
        (x) => x.id,
      ),
      [second.id],
    );

    expectStatus(
      await t.api('PUT', `/one-time-tokens/${token.id}/status`, { status: 'Active' }),
      400,
      'one_time_token.cannot_reactivate_token',
    );
    const revoked = await apiOk<OneTimeToken>(t, 'PUT', `/one-time-tokens/${token.id}/status`, {
      status: 'Revoked',
    });
    assert.equal(revoked.status, 'Revoked');
    expectStatus(
      await t.api('POST', '/one-time-tokens/verify', { token: token.token, email }),
      400,
      'one_time_token.token_revoked',
    );

    assert.equal((await t.api('DELETE', `/one-time-tokens/${token.id}`)).status, 204);
    expectStatus(await t.api('GET', `/one-time-tokens/${token.id}`), 404, 'entity.not_exists_with_id');
    expectStatus(await t.api('DELETE', `/one-time-tokens/${token.id}`), 404, 'entity.not_exists_with_id');
    expectStatus(await t.api('POST', '/one-time-tokens', { email: 'not-an-address' }), 400);
  });

  it('verifies once for its own address, with Logto’s reasons otherwise', async () => {
    const email = address();
    const token = await issue({ email });
    const verify = (value: string, to: string) =>
      t.api<OneTimeToken>('POST', '/one-time-tokens/verify', { token: value, email: to });
    expectStatus(await verify('unknown-token', email), 404, 'one_time_token.token_not_found');
    expectStatus(await verify(token.token, address()), 400, 'one_time_token.email_mismatch');
    const [first, second] = await Promise.all([verify(token.token, email), verify(token.token, email)]);
    assert.deepEqual([first.status, second.status].sort(), [200, 400], 'one of two concurrent uses wins');
    const winner = first.status === 200 ? first : second;
    assert.equal(winner.body.status, 'Consumed');
    expectStatus(await verify(token.token, email), 400, 'one_time_token.token_consumed');

    const late = await issue({ email });
    await expire(late.id);
    expectStatus(await verify(late.token, email), 400, 'one_time_token.token_expired');
  });

  it('signs an existing user in through the Experience API, consuming the token and joining its organizations', async () => {
    const email = address();
    const user = expectStatus(await t.api('POST', '/users', { primaryEmail: email }), 200);
    const organization = await apiOk<{ id: string }>(t, 'POST', '/organizations', {
      name: `ott ${newId(4)}`,
    });
    const token = await issue({ email, context: { jitOrganizationIds: [organization.id] } });

    const { authorization, call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
    const identifier = { type: 'email', value: email.toUpperCase() };
    expectStatus(
      await call('POST', '/verification/one-time-token', {
        identifier: { type: 'email', value: address() },
        token: token.token,
      }),
      400,
      'one_time_token.email_mismatch',
    );
    const { verificationId } = expectStatus(
      await call('POST', '/verification/one-time-token', { identifier, token: token.token }),
      200,
    );
    expectStatus(
      await call('POST', '/verification/one-time-token', { identifier, token: token.token }),
      400,
      'one_time_token.token_consumed',
    );
    expectStatus(await call('POST', '/identification', { verificationId }), 204);
    const { redirectTo } = expectStatus(await call('POST', '/submit'), 200);
    const tokens = await completeAuthorization(authorization, redirectTo);
    assert.equal(tokens.claims()?.sub, user.id);
    assert.ok((await membersOf(organization.id)).includes(user.id));
    assert.equal((await apiOk<OneTimeToken>(t, 'GET', `/one-time-tokens/${token.id}`)).status, 'Consumed');
  });

  it('registers a new person with the token’s address after switching to Register', async () => {
    const email = address();
    const organization = await apiOk<{ id: string }>(t, 'POST', '/organizations', {
      name: `ott ${newId(4)}`,
    });
    const token = await issue({ email, context: { jitOrganizationIds: [organization.id] } });
    const { authorization, call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
    const { verificationId } = expectStatus(
      await call('POST', '/verification/one-time-token', {
        identifier: { type: 'email', value: email },
        token: token.token,
      }),
      200,
    );
    expectStatus(await call('POST', '/identification', { verificationId }), 404, 'user.user_not_exist');
    expectStatus(await call('PUT', '/interaction-event', { interactionEvent: 'Register' }), 204);
    expectStatus(await call('POST', '/identification', { verificationId }), 204);
    const { redirectTo } = expectStatus(await call('POST', '/submit'), 200);
    const sub = (await completeAuthorization(authorization, redirectTo)).claims()?.sub as string;
    const created = await apiOk<{ primaryEmail: string }>(t, 'GET', `/users/${sub}`);
    assert.equal(created.primaryEmail, email);
    assert.ok((await membersOf(organization.id)).includes(sub));
  });

  it('registers its own address while registration is closed (as Logto), and no other', async () => {
    expectStatus(await t.api('PATCH', '/sign-in-exp', { signInMode: 'SignIn' }), 200);
    try {
      const email = address();
      const token = await issue({ email });
      const { authorization, call } = await openExperience(t, app);
      expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
      expectStatus(
        await call('PUT', '/interaction-event', { interactionEvent: 'Register' }),
        403,
        'auth.forbidden',
      );
      const { verificationId } = expectStatus(
        await call('POST', '/verification/one-time-token', {
          identifier: { type: 'email', value: email },
          token: token.token,
        }),
        200,
      );
      expectStatus(await call('POST', '/identification', { verificationId }), 404, 'user.user_not_exist');
      expectStatus(await call('PUT', '/interaction-event', { interactionEvent: 'Register' }), 204);
      expectStatus(await call('POST', '/identification', { verificationId }), 204);
      const { redirectTo } = expectStatus(await call('POST', '/submit'), 200);
      const sub = (await completeAuthorization(authorization, redirectTo)).claims()?.sub as string;
      assert.equal((await apiOk<{ primaryEmail: string }>(t, 'GET', `/users/${sub}`)).primaryEmail, email);

      // The token opened Register, but only its own address registers.
      const other = await issue({ email: address() });
      const second = await openExperience(t, app);
      expectStatus(await second.call('PUT', '', { interactionEvent: 'SignIn' }), 204);
      expectStatus(
        await second.call('POST', '/verification/one-time-token', {
          identifier: { type: 'email', value: other.email },
          token: other.token,
        }),
        200,
      );
      expectStatus(await second.call('PUT', '/interaction-event', { interactionEvent: 'Register' }), 204);
      const byCode = await verifyByCode(t, second.call, { type: 'email', value: address() });
      expectStatus(await second.call('POST', '/identification', { verificationId: byCode }), 204);
      expectStatus(await second.call('POST', '/submit'), 403, 'auth.forbidden');
    } finally {
      expectStatus(await t.api('PATCH', '/sign-in-exp', { signInMode: 'SignInAndRegister' }), 200);
    }
  });

  it('does not reset passwords, and an expired token does not verify', async () => {
    const email = address();
    const token = await issue({ email });
    const { call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'ForgotPassword' }), 204);
    expectStatus(
      await call('POST', '/verification/one-time-token', {
        identifier: { type: 'email', value: email },
        token: token.token,
      }),
      422,
      'session.not_supported_for_forgot_password',
    );
    expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
    await expire(token.id);
    expectStatus(
      await call('POST', '/verification/one-time-token', {
        identifier: { type: 'email', value: email },
        token: token.token,
      }),
      400,
      'one_time_token.token_expired',
    );
  });
});

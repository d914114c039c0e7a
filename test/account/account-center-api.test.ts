import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { startTestService } from '../support/service.js';
import { names, tapAllEvents } from '../experience/events.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { signIn } from '../support/oidc-sign-in.js';
import { Browser } from '../support/oidc-browser.js';
import { expectStatus } from '../experience/journeys.js';
import { userDataPayload } from '../experience/payloads.js';
import { startUpstreamIdp } from '../support/upstream-idp.js';

describe('Account center settings and the Account API they govern', async () => {
  const t = await startTestService();
  const events = await tapAllEvents(t);
  const app = await createApplication(t, 'Traditional');
  const password = 'Account-Password-1';

  const signedIn = async (existing?: { username: string; id: string }) => {
    const username = existing?.username ?? `ac_${newId(8)}`;
    const id =
      existing?.id ?? (expectStatus(await t.api('POST', '/users', { username, password }), 200).id as string);
    const { tokens } = await signIn(t, app, { username }, password, {}, new Browser());
    const proof: { id?: string } = {};
    const request = async (url: string, method: string, body?: unknown) => {
      const response = await fetch(url, {
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
    const call = (method: string, path: string, body?: unknown) =>
      request(`${t.baseUrl}/api/my-account${path}`, method, body);
    const prove = async (secret = password) => {
      proof.id = expectStatus(
        await request(`${t.baseUrl}/api/verifications/password`, 'POST', { password: secret }),
        201,
      ).verificationRecordId;
    };
    const verification = (path: string, body: unknown) =>
      request(`${t.baseUrl}/api/verifications${path}`, 'POST', body);
    await events.take();
    return { id, username, call, verification, prove, proof };
  };

  const settings = (body: unknown) => t.api('PATCH', '/account-center', body);

  it('GET and PATCH /api/account-center in Logto’s shape; fields merge member by member', async () => {
    const initial = expectStatus(await t.api('GET', '/account-center'), 200);
    assert.equal(initial.enabled, true);
    assert.equal(initial.fields.name, 'Edit');
    assert.equal(initial.fields.customData, 'Off');
    assert.deepEqual(initial.webauthnRelatedOrigins, []);
    const patched = expectStatus(await settings({ fields: { avatar: 'ReadOnly' } }), 200);
    assert.equal(patched.fields.avatar, 'ReadOnly');
    assert.equal(patched.fields.name, 'Edit', 'members left out keep their value');
    expectStatus(await settings({ fields: { name: 'Sometimes' } }), 400, 'guard.invalid_input');
    expectStatus(await settings({ fields: { avatar: 'Edit' } }), 200);
  });

  it('PATCH /api/my-account changes name and username: User.Data.Updated in the Account API context', async () => {
    const user = await signedIn();
    const username = `renamed_${newId(6)}`;
    const changed = expectStatus(await user.call('PATCH', '', { name: 'Ada Lovelace', username }), 200);
    assert.equal(changed.name, 'Ada Lovelace');
    assert.equal(changed.username, username);
    const fired = await events.take();
    assert.deepEqual(names(fired), ['User.Data.Updated']);
    const updated = userDataPayload.parse(fired[0]);
    assert.equal(updated.data.name, 'Ada Lovelace');
    assert.equal(updated.applicationId, app.id);
    assert.equal((fired[0] as { path?: string }).path, undefined, 'no management context');

    const taken = await signedIn();
    expectStatus(await taken.call('PATCH', '', { username }), 422, 'user.username_already_in_use');
    const profile = expectStatus(await user.call('PATCH', '/profile', { givenName: 'Ada' }), 200);
    assert.equal(profile.givenName, 'Ada');
    assert.deepEqual(names(await events.take()), ['User.Data.Updated']);
  });

  it('refuses fields the operator did not make editable, hides Off fields, and everything when disabled', async () => {
    const user = await signedIn();
    expectStatus(await settings({ fields: { name: 'ReadOnly', avatar: 'Off', mfa: 'Off' } }), 200);
    try {
      expectStatus(await user.call('PATCH', '', { name: 'x' }), 400, 'account_center.field_not_editable');
      expectStatus(
        await user.call('PATCH', '', { avatar: 'https://example.com/a.png' }),
        400,
        'account_center.field_not_editable',
      );
      const me = expectStatus(await user.call('GET', ''), 200);
      assert.ok('name' in me, 'a ReadOnly field is shown');
      assert.ok(!('avatar' in me), 'an Off field is left out');
      expectStatus(await user.call('GET', '/mfa-verifications'), 400, 'account_center.field_not_enabled');
      expectStatus(await settings({ enabled: false }), 200);
      expectStatus(await user.call('GET', ''), 400, 'account_center.not_enabled');
      expectStatus(await user.call('GET', '/sessions'), 400, 'account_center.not_enabled');
      assert.deepEqual(await events.take(), [], 'nothing changed');
    } finally {
      expectStatus(
        await settings({ enabled: true, fields: { name: 'Edit', avatar: 'Edit', mfa: 'Edit' } }),
        200,
      );
    }
  });

  it('POST /api/my-account/password needs a fresh proof and meets the policy; the old password stops working', async () => {
    const user = await signedIn();
    const next = 'Another-Password-2';
    expectStatus(
      await user.call('POST', '/password', { password: next }),
      401,
      'verification_record.permission_denied',
    );
    await user.prove();
    expectStatus(await user.call('POST', '/password', { password: 'short' }), 422, 'password.rejected');
    expectStatus(await user.call('POST', '/password', { password: next }), 204);
    assert.deepEqual(names(await events.take()), ['User.Data.Updated']);
    await user.prove(next);
    await assert.rejects(user.prove(password), (error: assert.AssertionError) => {
      assert.equal(error.actual, 422, 'the old password no longer verifies');
      return true;
    });
    await events.take();
  });

  it('lists sessions in Logto’s shape and ends another one with its grants', async () => {
    const first = await signedIn();
    const second = await signedIn(first);
    const listed = expectStatus(await second.call('GET', '/sessions'), 200).sessions as {
      id: string;
      isCurrent: boolean;
      payload: Record<string, unknown>;
    }[];
    assert.equal(listed.length, 2);
    assert.equal(listed.filter((s) => s.isCurrent).length, 1);
    assert.ok(!('jti' in listed[0]!.payload), 'the session cookie value is never shown');
    const other = listed.find((s) => !s.isCurrent)!;
    const admin = expectStatus(await t.api('GET', `/users/${first.id}/sessions`), 200);
    assert.deepEqual(admin.sessions.map((s: { id: string }) => s.id).sort(), listed.map((s) => s.id).sort());

    expectStatus(
      await second.call('DELETE', `/sessions/${other.id}`),
      401,
      'verification_record.permission_denied',
    );
    await second.prove();
    expectStatus(await second.call('DELETE', `/sessions/${other.id}?revokeGrantsTarget=all`), 204);
    expectStatus(await second.call('DELETE', `/sessions/${other.id}`), 404, 'entity.not_exists_with_id');
    expectStatus(await first.call('GET', ''), 401, 'auth.unauthorized');
    const left = expectStatus(await second.call('GET', '/sessions'), 200).sessions;
    assert.equal(left.length, 1);
    assert.equal(left[0].isCurrent, true);
  });

  it('management: DELETE /api/users/:id/sessions/:sessionId ends it; unknown ids answer 404', async () => {
    const user = await signedIn();
    const { sessions } = expectStatus(await t.api('GET', `/users/${user.id}/sessions`), 200);
    assert.equal(sessions.length, 1);
    expectStatus(await t.api('DELETE', `/users/${user.id}/sessions/nope`), 404, 'entity.not_exists_with_id');
    expectStatus(await t.api('GET', `/users/unknown-user/sessions`), 404, 'entity.not_found');
    expectStatus(
      await t.api('DELETE', `/users/${user.id}/sessions/${sessions[0].id}?revokeGrantsTarget=all`),
      204,
    );
    expectStatus(await user.call('GET', ''), 401, 'auth.unauthorized');
    assert.deepEqual(expectStatus(await t.api('GET', `/users/${user.id}/sessions`), 200).sessions, []);
  });

  it('links a social identity through the upstream provider: verifications, proof, event, conflicts, unlink', async () => {
    const redirectUri = `${t.baseUrl}/account/identities/callback`;
    const idp = await startUpstreamIdp([redirectUri]);
    const connector = expectStatus(
      await t.api('POST', '/connectors', {
        connectorId: 'oidc',
        config: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
        metadata: { target: 'upstream', name: { en: 'Upstream' } },
      }),
      200,
    );
    const person = () => {
      const sub = `up-${newId(8)}`;
      idp.accounts.set(sub, { sub, email: `${sub}@example.com`, email_verified: true, name: 'Up Stream' });
      return sub;
    };
    type User = Awaited<ReturnType<typeof signedIn>>;
    /** The user signs in upstream as `sub`; the callback's parameters verify the record. */
    const verifiedRecord = async (user: User, sub: string) => {
      const started = await user.verification('/social', {
        connectorId: connector.id,
        state: `state-${newId(12)}`,
        redirectUri,
      });
      const record = expectStatus(started, 201);
      assert.ok(record.authorizationUri.startsWith(`${idp.issuer}/auth?`));
      assert.ok(Date.parse(record.expiresAt) > Date.now());
      idp.signInAs(sub);
      const callback = await new Browser().followUntil(record.authorizationUri, redirectUri);
      const verify = await user.verification('/social/verify', {
        verificationRecordId: record.verificationRecordId,
        connectorData: Object.fromEntries(callback.searchParams),
      });
      assert.equal(expectStatus(verify, 200).verificationRecordId, record.verificationRecordId);
      return record.verificationRecordId as string;
    };
    const link = (user: User, recordId: string, method = 'POST') =>
      user.call(method, '/identities', { newIdentifierVerificationRecordId: recordId });

    const ada = await signedIn();
    const sub = person();
    const record = await verifiedRecord(ada, sub);
    expectStatus(await link(ada, record), 401, 'verification_record.permission_denied');
    ada.proof.id = record;
    expectStatus(await link(ada, record), 401, 'verification_record.permission_denied');
    await ada.prove();
    expectStatus(await link(ada, record), 204);
    const fired = await events.take();
    assert.deepEqual(names(fired), ['User.Data.Updated']);
    const updated = userDataPayload.parse(fired[0]);
    assert.equal(updated.applicationId, app.id, 'the Account API context');
    assert.equal((updated.data.identities as Record<string, { userId: string }>).upstream?.userId, sub);
    const me = expectStatus(await ada.call('GET', ''), 200);
    assert.deepEqual(me.identities.upstream, {
      userId: sub,
      details: { id: sub, email: `${sub}@example.com`, name: 'Up Stream' },
    });
    expectStatus(await link(ada, record), 404, 'verification_record.not_found');

    // A second identity of the same provider: refused by POST, replaces the first by PUT.
    const other = person();
    const second = await verifiedRecord(ada, other);
    expectStatus(await link(ada, second), 400, 'user.identity_already_in_use');
    expectStatus(await link(ada, second, 'PUT'), 204);
    assert.equal(expectStatus(await ada.call('GET', ''), 200).identities.upstream.userId, other);
    await events.take();

    // Another user: may neither link Ada's identity nor complete her records.
    const bob = await signedIn();
    await bob.prove();
    expectStatus(await link(bob, await verifiedRecord(bob, other)), 422, 'user.identity_already_in_use');
    const adaPending = expectStatus(
      await ada.verification('/social', {
        connectorId: connector.id,
        state: `state-${newId(12)}`,
        redirectUri,
      }),
      201,
    );
    expectStatus(
      await bob.verification('/social/verify', {
        verificationRecordId: adaPending.verificationRecordId,
        connectorData: { code: 'x', state: 'y' },
      }),
      404,
      'verification_record.not_found',
    );
    expectStatus(
      await ada.verification('/social', { connectorId: 'nope', state: 'state-123', redirectUri }),
      404,
      'entity.not_exists_with_id',
    );
    assert.deepEqual(await events.take(), [], 'nothing changed');

    expectStatus(await settings({ fields: { social: 'ReadOnly' } }), 200);
    try {
      expectStatus(
        await link(bob, await verifiedRecord(bob, person())),
        400,
        'account_center.field_not_editable',
      );
    } finally {
      expectStatus(await settings({ fields: { social: 'Edit' } }), 200);
    }
    expectStatus(await ada.call('DELETE', '/identities/upstream'), 204);
    assert.deepEqual(names(await events.take()), ['User.Data.Updated']);
    assert.deepEqual(expectStatus(await ada.call('GET', ''), 200).identities, {});
  });
});

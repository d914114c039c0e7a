import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import * as oidc from 'openid-client';
import { Browser } from '../support/oidc-browser.js';
import { signIn } from '../support/oidc-sign-in.js';
import { createApplication, createUser } from '../support/sign-in-fixtures.js';
import { startTestService, type TestService } from '../support/service.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

interface GrantList {
  grants: { id: string; payload: { clientId: string; accountId: string; iat: number }; expiresAt: number }[];
}

const password = 'correct horse battery staple';

async function grantIds(t: TestService, userId: string): Promise<string[]> {
  const response = await t.api<GrantList>('GET', `/users/${userId}/grants`);
  assert.equal(response.status, 200);
  return response.body.grants.map((grant) => grant.id);
}

/** Limit events written to the outbox so far: written before the authorization answers. */
async function limitEventsQueued(t: TestService): Promise<number> {
  const rows = await t.service.storage.db
    .selectFrom('hook_deliveries')
    .select('id')
    .where('event', '=', 'Grant.LimitExceeded')
    .execute();
  return rows.length;
}

async function assertRefreshRefused(client: oidc.Configuration, refreshToken: string) {
  await assert.rejects(oidc.refreshTokenGrant(client, refreshToken), (error: unknown) => {
    assert.ok(error instanceof oidc.ResponseBodyError);
    assert.equal(error.error, 'invalid_grant');
    return true;
  });
}

describe('maxAllowedGrants: the oldest grants are revoked on the authorization that exceeds it', async () => {
  const t = await startTestService();
  const receiver = await startWebhookReceiver();
  after(() => receiver.close());
  const hook = await t.api<{ id: string }>('POST', '/hooks', {
    name: 'grant limit',
    events: ['Grant.LimitExceeded'],
    config: { url: receiver.url },
  });
  assert.equal(hook.status, 201);
  const app = await createApplication(t, 'Traditional', { customClientMetadata: { maxAllowedGrants: 2 } });
  const user = await createUser(t, password);
  const sessions: Awaited<ReturnType<typeof signIn>>[] = [];
  const grants: string[] = [];

  /** A sign-in in a new browser session; returns the id of the grant it created. */
  const signInFresh = async () => {
    const before = await grantIds(t, user.id);
    const session = await signIn(t, app, user, password);
    sessions.push(session);
    const added = (await grantIds(t, user.id)).filter((id) => !before.includes(id));
    assert.equal(added.length, 1, 'each browser session gets its own grant');
    grants.push(added[0]!);
    return session;
  };

  it('lets sign-ins within the limit through without an event', async () => {
    const first = await signInFresh();
    assert.deepEqual(first.tokens.claims()?.amr, ['pwd'], 'the ID token says how the user signed in');
    await signInFresh();
    assert.deepEqual(await grantIds(t, user.id), grants.slice(0, 2), 'oldest first');
    assert.equal(await limitEventsQueued(t), 0);
    assert.equal(receiver.requests.length, 0);
  });

  it('revokes the oldest grant on the third sign-in and fires Grant.LimitExceeded', async () => {
    const third = await signInFresh();
    const [delivery] = await receiver.waitFor(1);
    const body = delivery!.json;
    assert.equal(body.event, 'Grant.LimitExceeded');
    assert.equal(body.hookId, hook.body.id);
    assert.equal(body.userId, user.id);
    assert.equal(body.applicationId, app.id);
    assert.equal(body.application.id, app.id);
    assert.equal(body.application.type, 'Traditional');
    assert.equal(typeof body.application.name, 'string');
    assert.equal(body.maxAllowedGrants, 2);
    assert.equal(body.preRevocationActiveGrantCount, 3);
    assert.deepEqual(body.revokedGrantIds, [grants[0]]);
    assert.equal(typeof body.ip, 'string');
    assert.ok(!('interactionEvent' in body) && !('sessionId' in body) && !('userIp' in body));

    await assertRefreshRefused(sessions[0]!.client, sessions[0]!.tokens.refresh_token!);
    assert.deepEqual(await grantIds(t, user.id), [grants[1], grants[2]]);
    // The survivors, including the grant just issued, keep working.
    assert.ok(await oidc.refreshTokenGrant(sessions[1]!.client, sessions[1]!.tokens.refresh_token!));
    assert.ok(await oidc.refreshTokenGrant(third.client, third.tokens.refresh_token!));
  });

  it('does not count a grant reused by the same browser session', async () => {
    const again = await signIn(t, app, user, password, { prompt: 'login' }, sessions[2]!.browser);
    assert.ok(again.tokens.refresh_token);
    assert.deepEqual(await grantIds(t, user.id), [grants[1], grants[2]]);
    assert.equal(await limitEventsQueued(t), 1);
  });

  it('fires one event per eviction', async () => {
    await signInFresh();
    const deliveries = await receiver.waitFor(2);
    assert.equal(deliveries.length, 2);
    assert.equal(deliveries[1]!.json.preRevocationActiveGrantCount, 3);
    assert.deepEqual(deliveries[1]!.json.revokedGrantIds, [grants[1]]);
    assert.deepEqual(await grantIds(t, user.id), [grants[2], grants[3]]);
    await assertRefreshRefused(sessions[1]!.client, sessions[1]!.tokens.refresh_token!);
  });

  it('applies no limit to an application without one, nor across applications', async () => {
    const unlimited = await createApplication(t, 'Traditional');
    for (let i = 0; i < 3; i++) await signIn(t, unlimited, user, password, {}, new Browser());
    const response = await t.api<GrantList>('GET', `/users/${user.id}/grants`);
    const perApp = response.body.grants.filter((grant) => grant.payload.clientId === unlimited.id);
    assert.equal(perApp.length, 3);
    assert.equal(response.body.grants.length, 5);
    assert.equal(await limitEventsQueued(t), 2);
  });
});

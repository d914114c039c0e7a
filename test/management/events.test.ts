import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { dataMutationEvents } from '../../src/webhooks/event-names.js';
import { startTestService } from '../support/service.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const userEntityKeys = ['createdAt', 'customData', 'id', 'identities', 'isSuspended', 'username'];
const roleKeys = ['description', 'id', 'isDefault', 'name', 'type'];
const scopeKeys = ['createdAt', 'description', 'id', 'name', 'resourceId'];

describe('webhook events of the management API core', async () => {
  const t = await startTestService();
  const receiver = await startWebhookReceiver();
  after(() => receiver.close());
  const db = t.service.storage.db;
  const hook = await t.api<Body>('POST', '/hooks', {
    name: 'everything',
    events: [...dataMutationEvents],
    config: { url: receiver.url },
  });
  assert.equal(hook.status, 201);
  const seen = new Set<string>();
  let expectedTotal = 0;

  /** The events the last calls wrote to the outbox (same transaction as the change), by event name. */
  const newEvents = async (): Promise<Body[]> => {
    const rows = await db
      .selectFrom('hook_deliveries')
      .select(['id', 'body'])
      .where('hook_id', '=', hook.body.id)
      .execute();
    const fresh = rows.filter((row) => !seen.has(row.id));
    for (const row of fresh) seen.add(row.id);
    expectedTotal += fresh.length;
    return fresh.map((row) => JSON.parse(row.body)).sort((a, b) => a.event.localeCompare(b.event));
  };
  const only = async (event: string) => {
    const events = await newEvents();
    assert.deepEqual(
      events.map((e) => e.event),
      [event],
    );
    return events[0];
  };

  it('fires the User events with UserEntity payloads and the management context', async () => {
    const created = await t.api<Body>('POST', '/users', { username: 'eve', password: 'pw-123456' });
    const event = await only('User.Created');
    assert.equal(event.hookId, hook.body.id);
    assert.deepEqual(
      { path: event.path, method: event.method, status: event.status, matchedRoute: event.matchedRoute },
      { path: '/users', method: 'POST', status: 200, matchedRoute: '/users' },
    );
    assert.deepEqual(event.params, {});
    assert.deepEqual(Object.keys(event.data).sort(), userEntityKeys, 'null members and secrets are omitted');
    assert.equal(event.data.id, created.body.id);
    assert.equal(event.data.createdAt, new Date(created.body.createdAt).toISOString());
    assert.equal(event.data.isSuspended, false);
    const id = created.body.id;

    await t.api('PATCH', `/users/${id}`, { primaryEmail: 'eve@example.com' });
    const updated = await only('User.Data.Updated');
    assert.equal(updated.data.primaryEmail, 'eve@example.com');
    assert.equal(updated.matchedRoute, '/users/:userId');
    assert.deepEqual(updated.params, { userId: id });

    for (const [path, body] of [
      ['custom-data', { customData: { a: 1 } }],
      ['profile', { profile: { nickname: 'e' } }],
      ['password', { password: 'another-pw' }],
    ] as const) {
      assert.equal((await t.api('PATCH', `/users/${id}/${path}`, body)).status, 200);
      const event = await only('User.Data.Updated');
      assert.equal(event.matchedRoute, `/users/:userId/${path}`);
      assert.equal(event.data.id, id);
      assert.ok(!JSON.stringify(event).includes('argon2'), 'no password hash in payloads');
    }

    await t.api('PATCH', `/users/${id}/is-suspended`, { isSuspended: true });
    const suspended = await only('User.SuspensionStatus.Updated');
    assert.equal(suspended.data.isSuspended, true);
    assert.deepEqual(suspended.data.customData, { a: 1 });

    assert.equal((await t.api('DELETE', `/users/${id}`)).status, 204);
    const deleted = await only('User.Deleted');
    assert.equal(deleted.data, null);
    assert.ok('data' in deleted);
    assert.equal(deleted.status, 204);
  });

  it('fires the Scope and Role events with their payloads', async () => {
    const resource = await t.api<Body>('POST', '/resources', {
      name: 'Orders',
      indicator: 'https://orders.example',
    });
    const base = `/resources/${resource.body.id}/scopes`;
    const read = await t.api<Body>('POST', base, { name: 'read', description: 'Read orders' });
    const created = await only('Scope.Created');
    assert.deepEqual(Object.keys(created.data).sort(), scopeKeys);
    assert.deepEqual(created.data, read.body);
    assert.equal(typeof created.data.createdAt, 'number');
    assert.equal(created.status, 201);
    await t.api('PATCH', `${base}/${read.body.id}`, { description: 'Read all orders' });
    assert.equal((await only('Scope.Data.Updated')).data.description, 'Read all orders');
    const write = await t.api<Body>('POST', base, { name: 'write' });
    await only('Scope.Created');

    const plain = await t.api<Body>('POST', '/roles', { name: 'Plain', description: 'no scopes' });
    const roleCreated = await only('Role.Created');
    assert.deepEqual(Object.keys(roleCreated.data).sort(), roleKeys);
    assert.deepEqual(roleCreated.data, plain.body);

    const withScopes = await t.api<Body>('POST', '/roles', {
      name: 'Clerk',
      description: 'reads orders',
      scopeIds: [read.body.id],
    });
    const [roleEvent, scopesEvent] = await newEvents();
    assert.equal(roleEvent.event, 'Role.Created');
    assert.equal(scopesEvent.event, 'Role.Scopes.Updated');
    assert.equal(scopesEvent.roleId, withScopes.body.id, 'roleId only when scopes came with POST /roles');
    assert.deepEqual(
      scopesEvent.data.map((scope: Body) => scope.id),
      [read.body.id],
    );
    assert.deepEqual(Object.keys(scopesEvent.data[0]).sort(), scopeKeys);

    await t.api('POST', `/roles/${plain.body.id}/scopes`, { scopeIds: [write.body.id, read.body.id] });
    const linked = await only('Role.Scopes.Updated');
    assert.equal('roleId' in linked, false);
    assert.deepEqual(linked.data.map((scope: Body) => scope.name).sort(), ['read', 'write']);
    await t.api('DELETE', `/roles/${plain.body.id}/scopes/${read.body.id}`);
    const unlinked = await only('Role.Scopes.Updated');
    assert.deepEqual(
      unlinked.data.map((scope: Body) => scope.name),
      ['write'],
    );

    await t.api('PATCH', `/roles/${plain.body.id}`, { description: 'now writes' });
    assert.equal((await only('Role.Data.Updated')).data.description, 'now writes');
    await t.api('DELETE', `/roles/${plain.body.id}`);
    assert.equal((await only('Role.Deleted')).data, null);
    await t.api('DELETE', `${base}/${write.body.id}`);
    assert.equal((await only('Scope.Deleted')).data, null);
  });

  it('fires nothing for reads, applications, resources, role assignments and failed calls', async () => {
    const app = await t.api<Body>('POST', '/applications', { name: 'quiet', type: 'MachineToMachine' });
    await t.api('PATCH', `/applications/${app.body.id}`, { name: 'quieter' });
    const m2m = await t.api<Body>('POST', '/roles', {
      name: 'robots',
      description: 'r',
      type: 'MachineToMachine',
    });
    await newEvents();
    await t.api('POST', `/applications/${app.body.id}/roles`, { roleIds: [m2m.body.id] });
    await t.api('DELETE', `/applications/${app.body.id}/roles/${m2m.body.id}`);
    await t.api('DELETE', `/applications/${app.body.id}`);
    const resource = await t.api<Body>('POST', '/resources', { name: 'r', indicator: 'urn:quiet' });
    await t.api('PATCH', `/resources/${resource.body.id}`, { name: 'r2' });
    const user = await t.api<Body>('POST', '/users', { username: 'quiet' });
    const role = await t.api<Body>('POST', '/roles', { name: 'quiet', description: 'q' });
    await newEvents();
    await t.api('POST', `/users/${user.body.id}/roles`, { roleIds: [role.body.id] });
    await t.api('DELETE', `/users/${user.body.id}/roles/${role.body.id}`);
    for (const path of [
      '/users',
      `/users/${user.body.id}`,
      '/roles',
      `/roles/${role.body.id}/scopes`,
      '/resources',
    ]) {
      assert.equal((await t.api('GET', path)).status, 200, path);
    }
    // Refused writes roll back with their events.
    assert.equal((await t.api('POST', '/users', { username: 'quiet' })).status, 422);
    assert.equal((await t.api('PATCH', '/users/nope', { name: 'x' })).status, 404);
    assert.equal(
      (await t.api('POST', '/roles', { name: 'x', description: 'x', scopeIds: ['nope'] })).status,
      404,
    );
    assert.equal((await t.api('DELETE', `/resources/${resource.body.id}`)).status, 204);
    assert.deepEqual(await newEvents(), []);
  });

  it('delivers every event to the subscribed endpoint, as written', async () => {
    const delivered = await receiver.waitFor(expectedTotal, { timeoutMs: 15_000 });
    const bodies = await db
      .selectFrom('hook_deliveries')
      .select('body')
      .where('hook_id', '=', hook.body.id)
      .execute();
    assert.deepEqual(delivered.map((request) => request.body).sort(), bodies.map((row) => row.body).sort());
  });
});

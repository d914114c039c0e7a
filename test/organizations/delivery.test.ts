import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { startTestService } from '../support/service.js';
import { insertUsers } from './fixtures.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** The organization routes as a subscriber sees them: event, management context and delta fields. */
describe('organization events delivered from the routes', async () => {
  const received: Any[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(JSON.parse(body));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  after(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  const t = await startTestService();
  const hook = await t.api<Any>('POST', '/hooks', {
    name: 'organizations',
    events: [
      'Organization.Created',
      'Organization.Membership.Updated',
      'OrganizationRole.Created',
      'OrganizationRole.Scopes.Updated',
    ],
    config: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` },
  });
  assert.equal(hook.status, 201, JSON.stringify(hook.body));

  /** Waits for the bodies of `event` to reach `count`, then returns them in delivery-creation order. */
  async function bodiesOf(event: string, count: number, predicate: (b: Any) => boolean = () => true) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = received.filter((b) => b.event === event && predicate(b));
      if (found.length >= count) return found;
      if (Date.now() > deadline) assert.fail(`only ${found.length} of ${count} ${event} bodies arrived`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('fires Organization.Created and membership deltas with the management context', async () => {
    const org = (await t.api<Any>('POST', '/organizations', { name: 'Delivered' })).body;
    const [created] = await bodiesOf('Organization.Created', 1, (b) => b.data.id === org.id);
    assert.deepEqual(created.data, {
      id: org.id,
      name: 'Delivered',
      customData: {},
      createdAt: org.createdAt,
    });
    assert.equal(created.matchedRoute, '/organizations');
    assert.equal(created.status, 201);

    const [a, b] = await insertUsers(t.service.storage.db, 2);
    const mine = (body: Any) => body.organizationId === org.id;
    await t.api('POST', `/organizations/${org.id}/users`, { userIds: [a] });
    await t.api('POST', `/organizations/${org.id}/users`, { userIds: [a] });
    await t.api('PUT', `/organizations/${org.id}/users`, { userIds: [b] });
    await t.api('DELETE', `/organizations/${org.id}/users/${b}`);
    const bodies = await bodiesOf('Organization.Membership.Updated', 4, mine);
    const summary = bodies.map((body) => ({
      method: body.method,
      matchedRoute: body.matchedRoute,
      status: body.status,
      delta: Object.fromEntries(Object.entries(body).filter(([key]) => /^(added|removed)/.test(key))),
      data: body.data,
    }));
    const route = '/organizations/:id/users';
    const expected = [
      { method: 'POST', matchedRoute: route, status: 201, delta: { addedUserIds: [a] }, data: null },
      { method: 'POST', matchedRoute: route, status: 201, delta: {}, data: null },
      {
        method: 'PUT',
        matchedRoute: route,
        status: 204,
        delta: { addedUserIds: [b], removedUserIds: [a] },
        data: null,
      },
      {
        method: 'DELETE',
        matchedRoute: `${route}/:userId`,
        status: 204,
        delta: { removedUserIds: [b] },
        data: null,
      },
    ];
    // Deliveries carry no ordering promise: compare as sets.
    const key = (x: unknown) => JSON.stringify(x);
    assert.deepEqual(summary.map(key).sort(), expected.map(key).sort());
    assert.deepEqual(bodies.find((body) => body.method === 'DELETE').params, { id: org.id, userId: b });
  });

  it('fires nothing for a refused call', async () => {
    const org = (await t.api<Any>('POST', '/organizations', { name: 'Refused' })).body;
    assert.equal((await t.api('POST', `/organizations/${org.id}/users`, { userIds: ['ghost'] })).status, 422);
    await t.api('PUT', `/organizations/${org.id}/users`, { userIds: [] });
    const bodies = await bodiesOf('Organization.Membership.Updated', 1, (b) => b.organizationId === org.id);
    assert.equal(bodies.length, 1);
    assert.equal(bodies[0].method, 'PUT');
  });

  it('fires OrganizationRole.Created then Scopes.Updated with organizationRoleId on creation', async () => {
    const scope = (await t.api<Any>('POST', '/organization-scopes', { name: 'delivered:scope' })).body;
    const role = (
      await t.api<Any>('POST', '/organization-roles', { name: 'delivered', organizationScopeIds: [scope.id] })
    ).body;
    const [created] = await bodiesOf('OrganizationRole.Created', 1, (b) => b.data.id === role.id);
    assert.deepEqual(created.data, { id: role.id, name: 'delivered', type: 'User' });
    const [scopes] = await bodiesOf(
      'OrganizationRole.Scopes.Updated',
      1,
      (b) => b.organizationRoleId === role.id,
    );
    assert.equal(scopes.data, null);
    assert.equal(scopes.matchedRoute, '/organization-roles');
  });
});

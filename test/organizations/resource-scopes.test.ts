import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { organizationRoleResourceScopeNames } from '../../src/organizations/token-scopes.repository.js';
import { newId } from '../../src/storage/ids.js';
import { startTestService } from '../support/service.js';
import { insertUsers } from './fixtures.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

describe('organization role resource scopes', async () => {
  const t = await startTestService();
  const db = t.service.storage.db;
  const unique = (prefix: string) => `${prefix}-${newId(8)}`;
  const indicator = `https://api.example.com/${newId(6)}`;
  const resource = (await t.api<Any>('POST', '/resources', { name: 'Orders', indicator })).body;
  const scope = async (name: string) =>
    (await t.api<Any>('POST', `/resources/${resource.id}/scopes`, { name })).body as { id: string };
  const [read, write, admin] = [
    await scope('read:orders'),
    await scope('write:orders'),
    await scope('admin'),
  ];
  const newRole = async (extra: object = {}) =>
    t.api<Any>('POST', '/organization-roles', { name: unique('role'), ...extra });
  const scopeIds = async (roleId: string) =>
    (await t.api<Any>('GET', `/organization-roles/${roleId}/resource-scopes`)).body
      .map((s: Any) => s.id)
      .sort();

  it('assigns with POST, replaces with PUT, removes with DELETE, lists with Logto’s shape', async () => {
    const role = (await newRole()).body;
    const base = `/organization-roles/${role.id}/resource-scopes`;
    const added = await t.api<Any>('POST', base, { scopeIds: [read.id, write.id, read.id] });
    assert.equal(added.status, 201);
    assert.deepEqual(await scopeIds(role.id), [read.id, write.id].sort());
    // A second POST of an assigned scope is ignored, as Logto does.
    assert.equal((await t.api('POST', base, { scopeIds: [read.id] })).status, 201);

    const page = await t.api<Any>('GET', `${base}?page=1&page_size=1`);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('total-number'), '2');
    assert.deepEqual(Object.keys(page.body[0]).sort(), [
      'createdAt',
      'description',
      'id',
      'name',
      'resourceId',
    ]);
    assert.equal(page.body[0].resourceId, resource.id);

    assert.equal((await t.api('PUT', base, { scopeIds: [admin.id] })).status, 204);
    assert.deepEqual(await scopeIds(role.id), [admin.id]);
    assert.equal((await t.api('DELETE', `${base}/${admin.id}`)).status, 204);
    assert.deepEqual(await scopeIds(role.id), []);
    const again = await t.api<Any>('DELETE', `${base}/${admin.id}`);
    assert.equal(again.status, 404);
    assert.equal(again.body.code, 'entity.not_found');
  });

  it('refuses bad bodies (400), unknown scopes (422, nothing applied) and unknown roles (404)', async () => {
    const role = (await newRole({ resourceScopeIds: [read.id] })).body;
    const base = `/organization-roles/${role.id}/resource-scopes`;
    for (const body of [{}, { scopeIds: [] }, { scopeIds: 'x' }, { scopeIds: [''] }, { scopeIds: [1] }]) {
      const res = await t.api<Any>('POST', base, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.code, 'guard.invalid_input');
    }
    assert.equal((await t.api('PUT', base, {})).status, 400);
    const unknown = await t.api<Any>('PUT', base, { scopeIds: [write.id, 'ghost-scope'] });
    assert.equal(unknown.status, 422);
    assert.equal(unknown.body.code, 'entity.relation_foreign_key_not_found');
    assert.deepEqual(unknown.body.data.resourceScopeIds, ['ghost-scope']);
    assert.deepEqual(await scopeIds(role.id), [read.id]);
    for (const [method, path] of [
      ['GET', '/organization-roles/ghost/resource-scopes'],
      ['POST', '/organization-roles/ghost/resource-scopes'],
      ['PUT', '/organization-roles/ghost/resource-scopes'],
      ['DELETE', `/organization-roles/ghost/resource-scopes/${read.id}`],
    ] as const) {
      const res = await t.api<Any>(
        method,
        path,
        method === 'GET' || method === 'DELETE' ? undefined : { scopeIds: [read.id] },
      );
      assert.equal(res.status, 404, `${method} ${path}`);
      assert.equal(res.body.code, 'entity.not_exists_with_id');
    }
  });

  it('creates a role with resourceScopeIds and lists them with their resource', async () => {
    const created = await newRole({ resourceScopeIds: [read.id, write.id] });
    assert.equal(created.status, 201);
    assert.deepEqual(await scopeIds(created.body.id), [read.id, write.id].sort());
    const bad = await newRole({ resourceScopeIds: ['ghost-scope'] });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.code, 'entity.relation_foreign_key_not_found');
    assert.equal((await newRole({ resourceScopeIds: 'x' })).status, 400);

    const list = await t.api<Any>('GET', `/organization-roles?q=${encodeURIComponent(created.body.name)}`);
    const listed = list.body.find((r: Any) => r.id === created.body.id);
    assert.deepEqual(
      listed.resourceScopes,
      [read, write]
        .map((s) => ({ id: s.id, name: s.id === read.id ? 'read:orders' : 'write:orders' }))
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((s) => ({ ...s, resource: { id: resource.id, name: 'Orders' } })),
    );
    assert.deepEqual(listed.scopes, []);
  });

  it('organizationRoleResourceScopeNames gives the scopes of the user’s roles in that organization only', async () => {
    const org = (await t.api<Any>('POST', '/organizations', { name: 'Scoped' })).body.id;
    const other = (await t.api<Any>('POST', '/organizations', { name: 'Other' })).body.id;
    const [user] = await insertUsers(db, 1);
    const reader = (await newRole({ resourceScopeIds: [read.id] })).body;
    const writer = (await newRole({ resourceScopeIds: [read.id, write.id] })).body;
    for (const id of [org, other]) await t.api('POST', `/organizations/${id}/users`, { userIds: [user] });
    await t.api('POST', `/organizations/${org}/users/${user}/roles`, { organizationRoleIds: [reader.id] });
    await t.api('POST', `/organizations/${other}/users/${user}/roles`, { organizationRoleIds: [writer.id] });

    const scopesIn = (organizationId: string, resourceId = resource.id) =>
      organizationRoleResourceScopeNames(db, { userId: user!, resourceId, organizationId });
    assert.deepEqual(await scopesIn(org), ['read:orders']);
    assert.deepEqual(await scopesIn(other), ['read:orders', 'write:orders']);
    assert.deepEqual(await scopesIn(org, 'no-such-resource'), []);
    await t.api('DELETE', `/organizations/${org}/users/${user}`);
    assert.deepEqual(await scopesIn(org), []);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  addRoleScopes,
  createRole,
  patchRole,
  removeRole,
  removeRoleScope,
  replaceRoleScopes,
} from '../../src/organizations/organization-roles.service.js';
import { createScope, patchScope, removeScope } from '../../src/organizations/organization-scopes.service.js';
import { startTestService } from '../support/service.js';
import { insertUsers, runRecorded } from './fixtures.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

describe('organization roles and scopes', async () => {
  const t = await startTestService();
  const db = t.service.storage.db;
  let counter = 0;
  const unique = (prefix: string) => `${prefix}-${++counter}`;
  const newScope = async (description?: string) =>
    (await t.api<Any>('POST', '/organization-scopes', { name: unique('scope'), description })).body;

  it('organization scopes: create, get, list, patch, delete', async () => {
    const created = await t.api<Any>('POST', '/organization-scopes', {
      name: 'read:docs',
      description: 'Read',
    });
    assert.equal(created.status, 201);
    assert.deepEqual(Object.keys(created.body).sort(), ['description', 'id', 'name']);
    assert.equal(created.body.name, 'read:docs');
    const bare = await t.api<Any>('POST', '/organization-scopes', { name: 'write:docs' });
    assert.equal(bare.body.description, null);

    assert.deepEqual((await t.api<Any>('GET', `/organization-scopes/${created.body.id}`)).body, created.body);
    const list = await t.api<Any>('GET', '/organization-scopes?q=docs&page_size=1');
    assert.equal(list.headers.get('total-number'), '2');
    assert.equal(list.body.length, 1);

    const patched = await t.api<Any>('PATCH', `/organization-scopes/${bare.body.id}`, {
      description: 'Write',
    });
    assert.equal(patched.status, 200);
    assert.deepEqual(patched.body, { ...bare.body, description: 'Write' });
    const renamedToSelf = await t.api('PATCH', `/organization-scopes/${bare.body.id}`, {
      name: 'write:docs',
    });
    assert.equal(renamedToSelf.status, 200);

    assert.equal((await t.api('DELETE', `/organization-scopes/${bare.body.id}`)).status, 204);
    assert.equal((await t.api('GET', `/organization-scopes/${bare.body.id}`)).status, 404);
  });

  it('organization scopes: duplicate names 422, bad input 400, unknown ids 404', async () => {
    await t.api('POST', '/organization-scopes', { name: 'dup-scope' });
    const dup = await t.api<Any>('POST', '/organization-scopes', { name: 'dup-scope' });
    assert.equal(dup.status, 422);
    assert.equal(dup.body.code, 'entity.unique_integrity_violation');
    const other = await newScope();
    const rename = await t.api<Any>('PATCH', `/organization-scopes/${other.id}`, { name: 'dup-scope' });
    assert.equal(rename.status, 422);
    assert.equal(rename.body.code, 'entity.unique_integrity_violation');

    for (const body of [{}, { name: '' }, { name: 1 }, { name: 'x', description: false }]) {
      const res = await t.api<Any>('POST', '/organization-scopes', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.code, 'guard.invalid_input');
    }
    for (const [method, body] of [['GET'], ['PATCH', { name: 'y' }], ['DELETE']] as const) {
      const res = await t.api<Any>(method, '/organization-scopes/nope', body);
      assert.equal(res.status, 404, method);
      assert.equal(res.body.code, 'entity.not_exists_with_id');
    }
  });

  it('organization scope events carry the exact OrganizationScope shape', async () => {
    const created = await runRecorded(db, (trx, e) => createScope(trx, e, { name: unique('ev-scope') }));
    const { id, name } = created.result;
    assert.deepEqual(created.events, [
      { event: 'OrganizationScope.Created', payload: { data: { id, name } } },
    ]);
    const updated = await runRecorded(db, (trx, e) => patchScope(trx, e, id, { description: 'd' }));
    assert.deepEqual(updated.events, [
      { event: 'OrganizationScope.Data.Updated', payload: { data: { id, name, description: 'd' } } },
    ]);
    const deleted = await runRecorded(db, (trx, e) => removeScope(trx, e, id));
    assert.deepEqual(deleted.events, [{ event: 'OrganizationScope.Deleted', payload: { data: null } }]);
  });

  it('organization roles: create with scopes, list with scopes, get, patch, delete', async () => {
    const [s1, s2] = [await newScope(), await newScope()];
    const created = await t.api<Any>('POST', '/organization-roles', {
      name: 'admin',
      description: 'Administrators',
      organizationScopeIds: [s1.id, s2.id, s1.id],
    });
    assert.equal(created.status, 201);
    assert.deepEqual(Object.keys(created.body).sort(), ['description', 'id', 'name', 'type']);
    assert.equal(created.body.type, 'User');
    const list = await t.api<Any>('GET', '/organization-roles?q=admin');
    assert.equal(list.headers.get('total-number'), '1');
    assert.deepEqual(list.body[0].scopes.map((s: Any) => s.id).sort(), [s1.id, s2.id].sort());
    assert.deepEqual((await t.api<Any>('GET', `/organization-roles/${created.body.id}`)).body, created.body);
    const patched = await t.api<Any>('PATCH', `/organization-roles/${created.body.id}`, { name: 'owner' });
    assert.deepEqual(patched.body, { ...created.body, name: 'owner' });
    assert.equal((await t.api('DELETE', `/organization-roles/${created.body.id}`)).status, 204);
    assert.equal((await t.api('GET', `/organization-roles/${created.body.id}`)).status, 404);
  });

  it('organization roles: unknown scopes 422 and nothing created; duplicates 422; bad input 400', async () => {
    const s1 = await newScope();
    const res = await t.api<Any>('POST', '/organization-roles', {
      name: 'ghostly',
      organizationScopeIds: [s1.id, 'ghost-scope'],
    });
    assert.equal(res.status, 422);
    assert.equal(res.body.code, 'entity.relation_foreign_key_not_found');
    assert.deepEqual(res.body.data, { organizationScopeIds: ['ghost-scope'] });
    assert.equal((await t.api('GET', '/organization-roles?q=ghostly')).headers.get('total-number'), '0');

    await t.api('POST', '/organization-roles', { name: 'dup-role' });
    const dup = await t.api<Any>('POST', '/organization-roles', { name: 'dup-role' });
    assert.equal(dup.status, 422);
    assert.equal(dup.body.code, 'entity.unique_integrity_violation');

    for (const body of [
      {},
      { name: '' },
      { name: 'x', organizationScopeIds: 'a' },
      { name: 'x', organizationScopeIds: [2] },
    ]) {
      const bad = await t.api<Any>('POST', '/organization-roles', body);
      assert.equal(bad.status, 400, JSON.stringify(body));
    }
    for (const [method, body] of [['GET'], ['PATCH', { name: 'y' }], ['DELETE']] as const) {
      assert.equal((await t.api(method, '/organization-roles/nope', body)).status, 404, method);
    }
  });

  it('organization role events: Created then Scopes.Updated with organizationRoleId only on creation', async () => {
    const scope = await newScope();
    const withScopes = await runRecorded(db, (trx, e) =>
      createRole(trx, e, { name: unique('role'), description: 'd', organizationScopeIds: [scope.id] }),
    );
    const role = withScopes.result;
    assert.deepEqual(withScopes.events, [
      {
        event: 'OrganizationRole.Created',
        payload: { data: { id: role.id, name: role.name, description: 'd', type: 'User' } },
      },
      { event: 'OrganizationRole.Scopes.Updated', payload: { data: null, organizationRoleId: role.id } },
    ]);
    const plain = await runRecorded(db, (trx, e) => createRole(trx, e, { name: unique('role') }));
    assert.deepEqual(plain.events, [
      {
        event: 'OrganizationRole.Created',
        payload: { data: { id: plain.result.id, name: plain.result.name, type: 'User' } },
      },
    ]);
    const emptyScopes = await runRecorded(db, (trx, e) =>
      createRole(trx, e, { name: unique('role'), organizationScopeIds: [] }),
    );
    assert.deepEqual(
      emptyScopes.events.map((e) => e.event),
      ['OrganizationRole.Created'],
    );

    const scopesUpdated = [{ event: 'OrganizationRole.Scopes.Updated', payload: { data: null } }];
    assert.deepEqual(
      (await runRecorded(db, (trx, e) => replaceRoleScopes(trx, e, role.id, []))).events,
      scopesUpdated,
    );
    assert.deepEqual(
      (await runRecorded(db, (trx, e) => addRoleScopes(trx, e, role.id, [scope.id]))).events,
      scopesUpdated,
    );
    assert.deepEqual(
      (await runRecorded(db, (trx, e) => removeRoleScope(trx, e, role.id, scope.id))).events,
      scopesUpdated,
    );
    const updated = await runRecorded(db, (trx, e) => patchRole(trx, e, role.id, { description: null }));
    assert.deepEqual(updated.events, [
      {
        event: 'OrganizationRole.Data.Updated',
        payload: { data: { id: role.id, name: role.name, type: 'User' } },
      },
    ]);
    const deleted = await runRecorded(db, (trx, e) => removeRole(trx, e, role.id));
    assert.deepEqual(deleted.events, [{ event: 'OrganizationRole.Deleted', payload: { data: null } }]);
  });

  it('role scopes: GET, POST, PUT, DELETE and their errors', async () => {
    const role = (await t.api<Any>('POST', '/organization-roles', { name: unique('role') })).body;
    const [s1, s2, s3] = [await newScope(), await newScope(), await newScope()];
    const base = `/organization-roles/${role.id}/scopes`;
    const scopeIds = async () => (await t.api<Any>('GET', base)).body.map((s: Any) => s.id).sort();

    const post = await t.api<Any>('POST', base, { organizationScopeIds: [s1.id, s2.id] });
    assert.equal(post.status, 201);
    assert.deepEqual(post.body, { organizationScopeIds: [s1.id, s2.id] });
    assert.deepEqual(await scopeIds(), [s1.id, s2.id].sort());
    const listed = await t.api<Any>('GET', `${base}?page_size=1`);
    assert.equal(listed.headers.get('total-number'), '2');
    assert.deepEqual(Object.keys(listed.body[0]).sort(), ['description', 'id', 'name']);

    assert.equal((await t.api('PUT', base, { organizationScopeIds: [s2.id, s3.id] })).status, 204);
    assert.deepEqual(await scopeIds(), [s2.id, s3.id].sort());
    assert.equal((await t.api('DELETE', `${base}/${s2.id}`)).status, 204);
    assert.deepEqual(await scopeIds(), [s3.id]);
    const notAssigned = await t.api<Any>('DELETE', `${base}/${s2.id}`);
    assert.equal(notAssigned.status, 404);
    assert.equal(notAssigned.body.code, 'entity.not_found');

    const unknown = await t.api<Any>('PUT', base, { organizationScopeIds: [s1.id, 'ghost'] });
    assert.equal(unknown.status, 422);
    assert.deepEqual(await scopeIds(), [s3.id], 'nothing applied');
    assert.equal((await t.api('POST', base, { organizationScopeIds: [] })).status, 400);
    assert.equal((await t.api('PUT', base, {})).status, 400);
    for (const [method, body] of [
      ['GET'],
      ['POST', { organizationScopeIds: [s1.id] }],
      ['PUT', { organizationScopeIds: [] }],
    ] as const) {
      assert.equal((await t.api(method, '/organization-roles/nope/scopes', body)).status, 404, method);
    }
    assert.equal((await t.api('DELETE', `/organization-roles/nope/scopes/${s1.id}`)).status, 404);

    // Deleting a scope removes it from the roles holding it.
    await t.api('DELETE', `/organization-scopes/${s3.id}`);
    assert.deepEqual(await scopeIds(), []);
  });

  it('member roles: list, add, replace, remove; 422 for non-members and unknown roles', async () => {
    const org = (await t.api<Any>('POST', '/organizations', { name: 'Roles Org' })).body.id;
    const [member, outsider] = await insertUsers(db, 2);
    await t.api('POST', `/organizations/${org}/users`, { userIds: [member] });
    const [r1, r2] = [
      (await t.api<Any>('POST', '/organization-roles', { name: unique('mrole') })).body,
      (await t.api<Any>('POST', '/organization-roles', { name: unique('mrole') })).body,
    ];
    const base = `/organizations/${org}/users/${member}/roles`;
    const roleIds = async () => (await t.api<Any>('GET', base)).body.map((r: Any) => r.id).sort();

    const added = await t.api<Any>('POST', base, { organizationRoleIds: [r1.id] });
    assert.equal(added.status, 201);
    assert.deepEqual(added.body, { organizationRoleIds: [r1.id] });
    assert.deepEqual(await roleIds(), [r1.id]);
    const members = await t.api<Any>('GET', `/organizations/${org}/users`);
    assert.deepEqual(members.body[0].organizationRoles, [{ id: r1.id, name: r1.name }]);

    assert.equal((await t.api('PUT', base, { organizationRoleIds: [r2.id] })).status, 204);
    assert.deepEqual(await roleIds(), [r2.id]);
    assert.equal((await t.api('DELETE', `${base}/${r2.id}`)).status, 204);
    assert.deepEqual(await roleIds(), []);
    assert.equal((await t.api('DELETE', `${base}/${r2.id}`)).status, 404);

    const unknown = await t.api<Any>('POST', base, { organizationRoleIds: ['ghost-role'] });
    assert.equal(unknown.status, 422);
    assert.equal(unknown.body.code, 'entity.relation_foreign_key_not_found');
    const outside = await t.api<Any>('POST', `/organizations/${org}/users/${outsider}/roles`, {
      organizationRoleIds: [r1.id],
    });
    assert.equal(outside.status, 422);
    assert.equal(outside.body.code, 'organization.require_membership');
    assert.equal((await t.api('GET', `/organizations/${org}/users/${outsider}/roles`)).status, 422);
    assert.equal((await t.api('GET', `/organizations/nope/users/${member}/roles`)).status, 404);
    // Logto accepts an empty list (and no list at all): nothing changes.
    assert.equal((await t.api('POST', base, { organizationRoleIds: [] })).status, 201);
    assert.equal((await t.api('POST', base, {})).status, 201);
    assert.deepEqual(await roleIds(), []);
    assert.equal((await t.api('POST', base, { organizationRoleIds: 'r' })).status, 400);

    // Roles go with the membership.
    await t.api('POST', base, { organizationRoleIds: [r1.id] });
    await t.api('DELETE', `/organizations/${org}/users/${member}`);
    await t.api('POST', `/organizations/${org}/users`, { userIds: [member] });
    assert.deepEqual(await roleIds(), []);
  });
});

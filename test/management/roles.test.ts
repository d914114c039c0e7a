import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONSOLE_ROLE_ID, MANAGEMENT_ROLE_ID, MANAGEMENT_SCOPE_ID } from '../../src/management/seed.js';
import { clientCredentials } from '../support/http.js';
import { startTestService } from '../support/service.js';

interface Role {
  id: string;
  name: string;
  description: string;
  type: 'User' | 'MachineToMachine';
  isDefault: boolean;
}
interface Scope {
  id: string;
  name: string;
  resourceId: string;
}
interface ErrorBody {
  code: string;
  message: string;
}

describe('roles', async () => {
  const t = await startTestService();
  let counter = 0;
  const unique = (prefix: string) => `${prefix}-${++counter}`;
  const newRole = async (extra: Record<string, unknown> = {}) => {
    const response = await t.api<Role>('POST', '/roles', {
      name: unique('role'),
      description: 'd',
      ...extra,
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body;
  };
  const newScopes = async (...names: string[]) => {
    const resource = await t.api<{ id: string }>('POST', '/resources', {
      name: unique('api'),
      indicator: `https://${unique('api')}.example`,
    });
    const scopes: Scope[] = [];
    for (const name of names) {
      scopes.push((await t.api<Scope>('POST', `/resources/${resource.body.id}/scopes`, { name })).body);
    }
    return {
      indicator: (await t.api<{ indicator: string }>('GET', `/resources/${resource.body.id}`)).body.indicator,
      scopes,
    };
  };
  const newApp = async (type = 'MachineToMachine') =>
    (await t.api<{ id: string; secret: string }>('POST', '/applications', { name: unique('app'), type }))
      .body;
  const newUser = async () => (await t.api<{ id: string }>('POST', '/users', {})).body;

  it('creates, reads, updates, lists and deletes roles', async () => {
    const role = await newRole({ name: 'Editors', description: 'Can edit' });
    assert.deepEqual(Object.keys(role).sort(), ['description', 'id', 'isDefault', 'name', 'type']);
    assert.equal(role.type, 'User');
    assert.equal(role.isDefault, false);
    assert.deepEqual((await t.api('GET', `/roles/${role.id}`)).body, role);

    const patched = await t.api<Role>('PATCH', `/roles/${role.id}`, { name: 'Writers', isDefault: true });
    assert.equal(patched.status, 200);
    assert.deepEqual(patched.body, { ...role, name: 'Writers', isDefault: true });
    // Other tests create users and count their roles: no default role is left behind.
    await t.api('PATCH', `/roles/${role.id}`, { isDefault: false });

    const m2m = await newRole({ type: 'MachineToMachine' });
    const users = await t.api<Role[]>('GET', '/roles?type=User');
    assert.ok(users.body.every((r) => r.type === 'User'));
    const found = await t.api<Role[]>('GET', '/roles?search=%25writ%25');
    assert.deepEqual(
      found.body.map((r) => r.id),
      [role.id],
    );
    const page = await t.api<Role[]>('GET', '/roles?page_size=1');
    assert.equal(page.body.length, 1);
    assert.ok(Number(page.headers.get('total-number')) >= 3);

    assert.equal((await t.api('DELETE', `/roles/${m2m.id}`)).status, 204);
    assert.equal((await t.api('GET', `/roles/${m2m.id}`)).status, 404);
  });

  it('refuses bad role input, duplicate names and default machine-to-machine roles', async () => {
    for (const body of [
      {},
      { name: 'x' },
      { description: 'x' },
      { name: '', description: 'x' },
      { name: 'x', description: 'x', type: 'Admin' },
      { name: 'x', description: 'x', scopeIds: [] },
      { name: 'x', description: 'x', scopeIds: 'a' },
      { name: 'x', description: 'x', isDefault: 'no' },
    ]) {
      const response = await t.api<ErrorBody>('POST', '/roles', body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.body.code, 'guard.invalid_input');
    }
    const role = await newRole();
    const duplicate = await t.api<ErrorBody>('POST', '/roles', { name: role.name, description: 'x' });
    assert.equal(duplicate.status, 422);
    assert.equal(duplicate.body.code, 'role.name_in_use');
    const other = await newRole();
    const rename = await t.api<ErrorBody>('PATCH', `/roles/${other.id}`, { name: role.name });
    assert.equal(rename.status, 422);
    assert.equal(rename.body.code, 'role.name_in_use');
    const m2mDefault = await t.api<ErrorBody>('POST', '/roles', {
      name: unique('m2m'),
      description: 'x',
      type: 'MachineToMachine',
      isDefault: true,
    });
    assert.equal(m2mDefault.status, 422);
    assert.equal((await t.api('PATCH', `/roles/${role.id}`, { isDefault: 'yes' })).status, 400);
  });

  it('answers 404 for unknown roles', async () => {
    for (const [method, path, body] of [
      ['GET', '/roles/nope', undefined],
      ['PATCH', '/roles/nope', { name: 'x' }],
      ['DELETE', '/roles/nope', undefined],
      ['GET', '/roles/nope/scopes', undefined],
      ['POST', '/roles/nope/scopes', { scopeIds: [MANAGEMENT_SCOPE_ID] }],
      ['DELETE', `/roles/nope/scopes/${MANAGEMENT_SCOPE_ID}`, undefined],
    ] as const) {
      const response = await t.api<ErrorBody>(method, path, body);
      assert.equal(response.status, 404, `${method} ${path}`);
      assert.equal(response.body.code, 'entity.not_exists_with_id');
    }
  });

  it('creates a role with scopes in one transaction, or not at all', async () => {
    const { scopes } = await newScopes('read', 'write');
    const name = unique('with-scopes');
    const refused = await t.api<ErrorBody & { data: { ids: string[] } }>('POST', '/roles', {
      name,
      description: 'x',
      scopeIds: [scopes[0]!.id, 'missing-scope'],
    });
    assert.equal(refused.status, 404);
    assert.deepEqual(refused.body.data.ids, ['missing-scope']);
    const none = await t.api<Role[]>('GET', `/roles?search=${name}`);
    assert.equal(none.body.length, 0, 'no role was left behind');

    const created = await t.api<Role>('POST', '/roles', {
      name,
      description: 'x',
      scopeIds: scopes.map((scope) => scope.id),
    });
    assert.equal(created.status, 200);
    const linked = await t.api<Scope[]>('GET', `/roles/${created.body.id}/scopes`);
    assert.deepEqual(linked.body.map((scope) => scope.name).sort(), ['read', 'write']);
    assert.equal(linked.headers.get('total-number'), '2');
  });

  it('links and unlinks scopes', async () => {
    const { scopes } = await newScopes('a', 'b', 'c');
    const role = await newRole();
    const base = `/roles/${role.id}/scopes`;
    const linked = await t.api<Scope[]>('POST', base, { scopeIds: [scopes[0]!.id, scopes[1]!.id] });
    assert.equal(linked.status, 200);
    assert.deepEqual(linked.body.map((scope) => scope.name).sort(), ['a', 'b']);

    const again = await t.api<ErrorBody>('POST', base, { scopeIds: [scopes[1]!.id, scopes[2]!.id] });
    assert.equal(again.status, 422);
    assert.equal(again.body.code, 'role.scope_exists');
    const missing = await t.api<ErrorBody>('POST', base, { scopeIds: [scopes[2]!.id, 'nope'] });
    assert.equal(missing.status, 404);
    const after = await t.api<Scope[]>('GET', base);
    assert.deepEqual(after.body.map((scope) => scope.name).sort(), ['a', 'b'], 'nothing half-applied');

    assert.equal((await t.api('POST', base, {})).status, 400);
    assert.equal((await t.api('POST', base, { scopeIds: [] })).status, 400);
    assert.equal((await t.api('DELETE', `${base}/${scopes[0]!.id}`)).status, 204);
    assert.equal((await t.api('DELETE', `${base}/${scopes[0]!.id}`)).status, 404);
    assert.deepEqual(
      (await t.api<Scope[]>('GET', base)).body.map((scope) => scope.name),
      ['b'],
    );

    const management = await t.api<ErrorBody>('POST', base, { scopeIds: [MANAGEMENT_SCOPE_ID] });
    assert.equal(management.status, 400, 'a user role cannot hold management API scopes (400, as Logto)');
    assert.equal(management.body.code, 'role.management_api_scopes_not_assignable_to_user_role');
    const created = await t.api<ErrorBody>('POST', '/roles', {
      name: 'user role with management scope',
      description: 'refused',
      scopeIds: [MANAGEMENT_SCOPE_ID],
    });
    assert.equal(created.status, 400, 'nor can a user role be created with one');
    assert.equal(created.body.code, 'role.management_api_scopes_not_assignable_to_user_role');
  });

  it('protects the management API role', async () => {
    const deleted = await t.api<ErrorBody>('DELETE', `/roles/${MANAGEMENT_ROLE_ID}`);
    assert.equal(deleted.status, 422);
    assert.equal(deleted.body.code, 'role.internal_role_violation');
    const unlinked = await t.api<ErrorBody>(
      'DELETE',
      `/roles/${MANAGEMENT_ROLE_ID}/scopes/${MANAGEMENT_SCOPE_ID}`,
    );
    assert.equal(unlinked.status, 422);
    const scopes = await t.api<Scope[]>('GET', `/roles/${MANAGEMENT_ROLE_ID}/scopes`);
    assert.deepEqual(
      scopes.body.map((scope) => scope.id),
      [MANAGEMENT_SCOPE_ID],
    );
  });

  it('never makes the console role a default role, which would hand every new user the console', async () => {
    const made = await t.api<ErrorBody>('PATCH', `/roles/${CONSOLE_ROLE_ID}`, { isDefault: true });
    assert.equal(made.status, 422);
    assert.equal(made.body.code, 'role.internal_role_violation');
    const role = await t.api<{ isDefault: boolean }>('GET', `/roles/${CONSOLE_ROLE_ID}`);
    assert.equal(role.body.isDefault, false);
  });

  it('assigns user roles to users, never machine-to-machine roles', async () => {
    const user = await newUser();
    const [reader, writer] = [await newRole(), await newRole()];
    const m2m = await newRole({ type: 'MachineToMachine' });
    const base = `/users/${user.id}/roles`;

    const added = await t.api<{ roleIds: string[]; addedRoleIds: string[] }>('POST', base, {
      roleIds: [reader.id],
    });
    assert.equal(added.status, 201);
    assert.deepEqual(added.body, { roleIds: [reader.id], addedRoleIds: [reader.id] });
    const more = await t.api<{ addedRoleIds: string[] }>('POST', base, { roleIds: [reader.id, writer.id] });
    assert.deepEqual(more.body.addedRoleIds, [writer.id]);

    const wrongType = await t.api<ErrorBody>('POST', base, { roleIds: [writer.id, m2m.id] });
    assert.equal(wrongType.status, 422);
    assert.equal(wrongType.body.code, 'user.invalid_role_type');
    const unknown = await t.api<ErrorBody>('POST', base, { roleIds: ['nope'] });
    assert.equal(unknown.status, 404);
    assert.equal((await t.api('POST', base, { roleIds: [] })).status, 400);
    assert.equal((await t.api('POST', '/users/nope/roles', { roleIds: [reader.id] })).status, 404);

    const list = await t.api<Role[]>('GET', base);
    assert.deepEqual(list.body.map((role) => role.id).sort(), [reader.id, writer.id].sort());
    assert.equal(list.headers.get('total-number'), '2');
    assert.equal((await t.api('DELETE', `${base}/${reader.id}`)).status, 204);
    assert.equal((await t.api('DELETE', `${base}/${reader.id}`)).status, 404);
    assert.deepEqual(
      (await t.api<Role[]>('GET', base)).body.map((role) => role.id),
      [writer.id],
    );
    assert.equal((await t.api('GET', '/users/nope/roles')).status, 404);
  });

  it('gives new users the default user roles', async () => {
    const role = await newRole({ isDefault: true });
    const user = await newUser();
    const roles = await t.api<Role[]>('GET', `/users/${user.id}/roles`);
    assert.ok(roles.body.some((held) => held.id === role.id));
    await t.api('PATCH', `/roles/${role.id}`, { isDefault: false });
  });

  it('gives a new M2M application management access through the management role', async () => {
    const app = await newApp();
    const tokenFor = async (resource: string, scope: string) => {
      const response = await clientCredentials(t.baseUrl, app, { resource, scope });
      return (await response.json()) as { access_token: string; scope?: string };
    };
    const callApi = async (token: string) =>
      (await fetch(`${t.baseUrl}/api/applications`, { headers: { authorization: `Bearer ${token}` } }))
        .status;

    const without = await tokenFor(t.config.managementApiIndicator, 'all');
    assert.notEqual(without.scope, 'all');
    if (without.access_token) assert.equal(await callApi(without.access_token), 403);

    const assigned = await t.api('POST', `/applications/${app.id}/roles`, { roleIds: [MANAGEMENT_ROLE_ID] });
    assert.equal(assigned.status, 201);
    const granted = await tokenFor(t.config.managementApiIndicator, 'all');
    assert.equal(granted.scope, 'all');
    assert.equal(await callApi(granted.access_token), 200);

    const roles = await t.api<Role[]>('GET', `/applications/${app.id}/roles`);
    assert.deepEqual(
      roles.body.map((role) => role.id),
      [MANAGEMENT_ROLE_ID],
    );
    assert.equal((await t.api('DELETE', `/applications/${app.id}/roles/${MANAGEMENT_ROLE_ID}`)).status, 204);
    const revoked = await tokenFor(t.config.managementApiIndicator, 'all');
    assert.notEqual(revoked.scope, 'all');
  });

  it('limits a client_credentials token to the scopes of the application roles', async () => {
    const { indicator, scopes } = await newScopes('read', 'write');
    const role = await newRole({ type: 'MachineToMachine', scopeIds: [scopes[0]!.id] });
    const app = await newApp();
    await t.api('POST', `/applications/${app.id}/roles`, { roleIds: [role.id] });
    const response = await clientCredentials(t.baseUrl, app, { resource: indicator, scope: 'read write' });
    const body = (await response.json()) as { scope: string };
    assert.equal(response.status, 200);
    assert.equal(body.scope, 'read');
  });

  it('assigns only machine-to-machine roles, and only to M2M applications', async () => {
    const app = await newApp();
    const spa = await newApp('SPA');
    const userRole = await newRole();
    const m2m = await newRole({ type: 'MachineToMachine' });
    const wrongRole = await t.api<ErrorBody>('POST', `/applications/${app.id}/roles`, {
      roleIds: [userRole.id],
    });
    assert.equal(wrongRole.status, 422);
    assert.equal(wrongRole.body.code, 'application.invalid_role_type');
    const wrongApp = await t.api<ErrorBody>('POST', `/applications/${spa.id}/roles`, { roleIds: [m2m.id] });
    assert.equal(wrongApp.status, 422);
    assert.equal(wrongApp.body.code, 'application.invalid_type');
    const unknownRole = await t.api<ErrorBody>('POST', `/applications/${app.id}/roles`, {
      roleIds: [m2m.id, 'nope'],
    });
    assert.equal(unknownRole.status, 404);
    assert.equal(
      (await t.api<Role[]>('GET', `/applications/${app.id}/roles`)).body.length,
      0,
      'nothing half-applied',
    );
    assert.equal((await t.api('POST', `/applications/${app.id}/roles`, { roleIds: 'x' })).status, 400);
    assert.equal((await t.api('POST', '/applications/nope/roles', { roleIds: [m2m.id] })).status, 404);
    assert.equal((await t.api('GET', '/applications/nope/roles')).status, 404);
    assert.equal((await t.api('DELETE', `/applications/${app.id}/roles/${m2m.id}`)).status, 404);
  });
});

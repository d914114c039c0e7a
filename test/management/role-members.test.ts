import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiOk } from '../support/http.js';
import { startTestService } from '../support/service.js';

interface Named {
  id: string;
  name: string;
}
interface ErrorBody {
  code: string;
  message: string;
  data?: Record<string, unknown>;
}

describe('roles and their holders (Logto routes)', async () => {
  const t = await startTestService();
  let counter = 0;
  const unique = (prefix: string) => `${prefix}_${++counter}`;
  const role = (type: 'User' | 'MachineToMachine' = 'User') =>
    apiOk<Named>(t, 'POST', '/roles', { name: unique('role'), description: 'd', type });
  const user = () => apiOk<Named>(t, 'POST', '/users', { username: unique('holder') });
  const app = (type = 'MachineToMachine') =>
    apiOk<Named>(t, 'POST', '/applications', { name: unique('app'), type });
  const roleIdsOf = async (userId: string) =>
    (await apiOk<Named[]>(t, 'GET', `/users/${userId}/roles`)).map((r) => r.id).sort();
  const expectError = async (method: string, path: string, body: unknown, status: number, code: string) => {
    const response = await t.api<ErrorBody>(method, path, body);
    assert.equal(response.status, status, `${method} ${path}: ${JSON.stringify(response.body)}`);
    assert.equal(response.body.code, code, `${method} ${path}`);
    return response.body;
  };

  it('assigns a user role to several users, lists them with search, removes one', async () => {
    const r = await role();
    const [a, b] = [await user(), await user()];
    const added = await t.api('POST', `/roles/${r.id}/users`, { userIds: [a.id, b.id] });
    assert.equal(added.status, 201);
    const listed = await t.api<Named[]>('GET', `/roles/${r.id}/users`);
    assert.deepEqual(listed.body.map((u) => u.id).sort(), [a.id, b.id].sort());
    assert.equal(listed.headers.get('total-number'), '2');
    const searched = await apiOk<Named[]>(t, 'GET', `/roles/${r.id}/users?search.id=${a.id}&mode=exact`);
    assert.deepEqual(
      searched.map((u) => u.id),
      [a.id],
    );
    assert.deepEqual(await roleIdsOf(a.id), [r.id]);

    const again = await expectError(
      'POST',
      `/roles/${r.id}/users`,
      { userIds: [b.id] },
      422,
      'role.user_exists',
    );
    assert.deepEqual(again.data, { userId: b.id });
    assert.equal((await t.api('DELETE', `/roles/${r.id}/users/${a.id}`)).status, 204);
    assert.deepEqual(await roleIdsOf(a.id), []);
    await expectError('DELETE', `/roles/${r.id}/users/${a.id}`, undefined, 404, 'entity.not_found');
  });

  it('refuses bad role-user input whole', async () => {
    const r = await role();
    const m2m = await role('MachineToMachine');
    const a = await user();
    await expectError('POST', '/roles/nope/users', { userIds: [a.id] }, 404, 'entity.not_exists_with_id');
    await expectError('GET', '/roles/nope/users', undefined, 404, 'entity.not_exists_with_id');
    await expectError('DELETE', `/roles/nope/users/${a.id}`, undefined, 404, 'entity.not_exists_with_id');
    await expectError(
      'POST',
      `/roles/${r.id}/users`,
      { userIds: [a.id, 'ghost'] },
      404,
      'entity.not_exists_with_id',
    );
    assert.deepEqual(await roleIdsOf(a.id), [], 'nothing was assigned');
    await expectError('POST', `/roles/${m2m.id}/users`, { userIds: [a.id] }, 422, 'user.invalid_role_type');
    await expectError('POST', `/roles/${r.id}/users`, { userIds: [] }, 400, 'guard.invalid_input');
    await expectError('POST', `/roles/${r.id}/users`, {}, 400, 'guard.invalid_input');
    await expectError('GET', `/roles/${r.id}/users?mode=nope`, undefined, 400, 'guard.invalid_input');
  });

  it('assigns a machine-to-machine role to applications, only machine-to-machine ones', async () => {
    const r = await role('MachineToMachine');
    const userRole = await role();
    const [a, b] = [await app(), await app()];
    const spa = await app('SPA');
    assert.equal(
      (await t.api('POST', `/roles/${r.id}/applications`, { applicationIds: [a.id, b.id] })).status,
      201,
    );
    const listed = await t.api<Named[]>('GET', `/roles/${r.id}/applications`);
    assert.deepEqual(listed.body.map((x) => x.id).sort(), [a.id, b.id].sort());
    assert.equal(listed.headers.get('total-number'), '2');
    const held = await apiOk<Named[]>(t, 'GET', `/applications/${a.id}/roles`);
    assert.deepEqual(
      held.map((x) => x.id),
      [r.id],
    );

    const body = (applicationIds: string[]) => ({ applicationIds });
    await expectError('POST', `/roles/${r.id}/applications`, body([a.id]), 422, 'role.application_exists');
    await expectError('POST', `/roles/${r.id}/applications`, body([spa.id]), 422, 'application.invalid_type');
    await expectError(
      'POST',
      `/roles/${userRole.id}/applications`,
      body([b.id]),
      422,
      'application.invalid_role_type',
    );
    await expectError(
      'POST',
      `/roles/${r.id}/applications`,
      body(['ghost']),
      404,
      'entity.not_exists_with_id',
    );
    await expectError('POST', '/roles/nope/applications', body([a.id]), 404, 'entity.not_exists_with_id');
    await expectError('POST', `/roles/${r.id}/applications`, body([]), 400, 'guard.invalid_input');

    assert.equal((await t.api('DELETE', `/roles/${r.id}/applications/${a.id}`)).status, 204);
    await expectError('DELETE', `/roles/${r.id}/applications/${a.id}`, undefined, 404, 'entity.not_found');
    await expectError(
      'DELETE',
      `/roles/nope/applications/${a.id}`,
      undefined,
      404,
      'entity.not_exists_with_id',
    );
    const left = await apiOk<Named[]>(t, 'GET', `/roles/${r.id}/applications`);
    assert.deepEqual(
      left.map((x) => x.id),
      [b.id],
    );
  });

  it('replaces the roles of a user with PUT', async () => {
    const [r1, r2, r3] = [await role(), await role(), await role()];
    const a = await user();
    await apiOk(t, 'POST', `/users/${a.id}/roles`, { roleIds: [r1.id, r2.id] });
    const put = await t.api<{ roleIds: string[] }>('PUT', `/users/${a.id}/roles`, {
      roleIds: [r2.id, r3.id],
    });
    assert.equal(put.status, 200);
    assert.deepEqual(await roleIdsOf(a.id), [r2.id, r3.id].sort());
    const m2m = await role('MachineToMachine');
    await expectError(
      'PUT',
      `/users/${a.id}/roles`,
      { roleIds: [r1.id, m2m.id] },
      422,
      'user.invalid_role_type',
    );
    await expectError(
      'PUT',
      `/users/${a.id}/roles`,
      { roleIds: [r1.id, 'ghost'] },
      404,
      'entity.not_exists_with_id',
    );
    await expectError('PUT', '/users/nope/roles', { roleIds: [] }, 404, 'entity.not_found');
    await expectError('PUT', `/users/${a.id}/roles`, { roleIds: 'x' }, 400, 'guard.invalid_input');
    assert.deepEqual(await roleIdsOf(a.id), [r2.id, r3.id].sort(), 'refused calls changed nothing');
    assert.equal((await t.api('PUT', `/users/${a.id}/roles`, { roleIds: [] })).status, 200);
    assert.deepEqual(await roleIdsOf(a.id), []);
    await expectError('DELETE', `/users/${a.id}/roles/${r1.id}`, undefined, 404, 'entity.not_found');
  });

  it("lists a user's scopes and organizations and verifies a password", async () => {
    const resource = await apiOk<Named>(t, 'POST', '/resources', {
      name: unique('api'),
      indicator: `https://${unique('api')}.example`,
    });
    const scopes = await Promise.all(
      ['read', 'write'].map((name) => apiOk<Named>(t, 'POST', `/resources/${resource.id}/scopes`, { name })),
    );
    const r = await apiOk<Named>(t, 'POST', '/roles', {
      name: unique('scoped'),
      description: 'd',
      scopeIds: scopes.map((s) => s.id),
    });
    const a = await apiOk<Named>(t, 'POST', '/users', {
      username: unique('pw'),
      password: 'Correct horse 1!',
    });
    await apiOk(t, 'POST', `/users/${a.id}/roles`, { roleIds: [r.id] });
    const held = await apiOk<Array<Named & { resourceId: string }>>(t, 'GET', `/users/${a.id}/scopes`);
    assert.deepEqual(
      held.map((s) => s.name),
      ['read', 'write'],
    );
    assert.ok(held.every((s) => s.resourceId === resource.id));

    const org = await apiOk<Named>(t, 'POST', '/organizations', { name: unique('org') });
    const orgRole = await apiOk<Named>(t, 'POST', '/organization-roles', { name: unique('orgrole') });
    await apiOk(t, 'POST', `/organizations/${org.id}/users`, { userIds: [a.id] });
    await apiOk(t, 'POST', `/organizations/${org.id}/users/${a.id}/roles`, {
      organizationRoleIds: [orgRole.id],
    });
    const orgs = await apiOk<Array<Named & { organizationRoles: Named[] }>>(
      t,
      'GET',
      `/users/${a.id}/organizations`,
    );
    assert.deepEqual(
      orgs.map((o) => [o.id, o.organizationRoles]),
      [[org.id, [{ id: orgRole.id, name: orgRole.name }]]],
    );

    assert.equal(
      (await t.api('POST', `/users/${a.id}/password/verify`, { password: 'Correct horse 1!' })).status,
      204,
    );
    const path = `/users/${a.id}/password/verify`;
    await expectError('POST', path, { password: 'wrong' }, 422, 'session.invalid_credentials');
    await expectError('POST', path, {}, 400, 'guard.invalid_input');
    const nopw = await user();
    await expectError(
      'POST',
      `/users/${nopw.id}/password/verify`,
      { password: 'x' },
      422,
      'session.invalid_credentials',
    );
    for (const suffix of ['scopes', 'organizations']) {
      await expectError('GET', `/users/nope/${suffix}`, undefined, 404, 'entity.not_found');
    }
    await expectError('POST', '/users/nope/password/verify', { password: 'x' }, 404, 'entity.not_found');
  });
});

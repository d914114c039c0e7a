import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { insertApplications, insertUsers } from './fixtures.js';
import { startTestService } from '../support/service.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

describe('organization role type (User | MachineToMachine)', async () => {
  const t = await startTestService();
  const db = t.service.storage.db;
  const unique = (prefix: string) => `${prefix}-${newId(8)}`;
  const newRole = async (body: object = {}) => {
    const created = await t.api<Any>('POST', '/organization-roles', { name: unique('role'), ...body });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body as { id: string; name: string; type: string };
  };

  it('creates User roles unless told otherwise, changes the type by PATCH and filters lists by type', async () => {
    const user = await newRole();
    assert.equal(user.type, 'User');
    const machine = await newRole({ type: 'MachineToMachine' });
    assert.equal(machine.type, 'MachineToMachine');
    assert.equal(
      (await t.api<Any>('GET', `/organization-roles/${machine.id}`)).body.type,
      'MachineToMachine',
    );
    assert.equal(
      (await t.api<Any>('POST', '/organization-roles', { name: unique('x'), type: 'Robot' })).status,
      400,
    );

    const machineIds = async () =>
      (await t.api<Any>('GET', '/organization-roles?type=MachineToMachine&page_size=100')).body.map(
        (r: Any) => r.id,
      );
    assert.ok((await machineIds()).includes(machine.id));
    assert.ok(!(await machineIds()).includes(user.id));
    const patched = await t.api<Any>('PATCH', `/organization-roles/${user.id}`, { type: 'MachineToMachine' });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.type, 'MachineToMachine');
    assert.ok((await machineIds()).includes(user.id));
  });

  it('refuses a machine-to-machine role for a user and a user role for an application (422 entity.db_constraint_violated)', async () => {
    const org = (await t.api<Any>('POST', '/organizations', { name: 'Typed' })).body.id as string;
    const [userId] = await insertUsers(db, 1);
    const [appId] = await insertApplications(db, 1);
    await t.api('POST', `/organizations/${org}/users`, { userIds: [userId] });
    await t.api('POST', `/organizations/${org}/applications`, { applicationIds: [appId] });
    const userRole = await newRole();
    const machineRole = await newRole({ type: 'MachineToMachine' });

    for (const [path, body] of [
      [`/organizations/${org}/users/${userId}/roles`, { organizationRoleIds: [machineRole.id] }],
      [
        `/organizations/${org}/users/roles`,
        { userIds: [userId], organizationRoleIds: [userRole.id, machineRole.id] },
      ],
      [`/organizations/${org}/users/${userId}/roles`, { organizationRoleNames: [machineRole.name] }],
      [`/organizations/${org}/applications/${appId}/roles`, { organizationRoleIds: [userRole.id] }],
      [
        `/organizations/${org}/applications/roles`,
        { applicationIds: [appId], organizationRoleIds: [userRole.id] },
      ],
    ] as const) {
      const refused = await t.api<Any>('POST', path, body);
      assert.equal(refused.status, 422, `${path}: ${JSON.stringify(refused.body)}`);
      assert.equal(refused.body.code, 'entity.db_constraint_violated');
    }
    const replaced = await t.api<Any>('PUT', `/organizations/${org}/users/${userId}/roles`, {
      organizationRoleIds: [machineRole.id],
    });
    assert.equal(replaced.status, 422);

    assert.equal(
      (
        await t.api('POST', `/organizations/${org}/users/${userId}/roles`, {
          organizationRoleIds: [userRole.id],
        })
      ).status,
      201,
    );
    assert.equal(
      (
        await t.api('POST', `/organizations/${org}/applications/${appId}/roles`, {
          organizationRoleIds: [machineRole.id],
        })
      ).status,
      201,
    );
    const held = (await t.api<Any>('GET', `/organizations/${org}/users/${userId}/roles`)).body.map(
      (r: Any) => r.id,
    );
    assert.deepEqual(held, [userRole.id], 'nothing of a refused request was applied');
  });
});

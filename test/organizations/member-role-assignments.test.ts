import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { newId } from '../../src/storage/ids.js';
import { startTestService } from '../support/service.js';
import { insertApplications, insertUsers } from './fixtures.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

describe('organization role assignments', async () => {
  const t = await startTestService();
  const db = t.service.storage.db;
  const unique = (prefix: string) => `${prefix}-${newId(8)}`;
  const newOrganization = async () =>
    (await t.api<Any>('POST', '/organizations', { name: 'Org' })).body.id as string;
  const newRole = async (extra: object = {}) =>
    (await t.api<Any>('POST', '/organization-roles', { name: unique('role'), ...extra })).body as {
      id: string;
      name: string;
    };
  const roleIdsOf = async (org: string, kind: string, id: string) =>
    (await t.api<Any>('GET', `/organizations/${org}/${kind}/${id}/roles`)).body.map((r: Any) => r.id).sort();

  it('assigns roles by name beside ids with POST and PUT; unknown names are 422, nothing applied', async () => {
    const org = await newOrganization();
    const [user] = await insertUsers(db, 1);
    await t.api('POST', `/organizations/${org}/users`, { userIds: [user] });
    const [r1, r2, r3] = [await newRole(), await newRole(), await newRole()];
    const base = `/organizations/${org}/users/${user}/roles`;

    const byName = await t.api<Any>('POST', base, { organizationRoleNames: [r1.name] });
    assert.equal(byName.status, 201);
    assert.deepEqual(await roleIdsOf(org, 'users', user!), [r1.id]);
    const both = await t.api('PUT', base, { organizationRoleIds: [r2.id], organizationRoleNames: [r3.name] });
    assert.equal(both.status, 204);
    assert.deepEqual(await roleIdsOf(org, 'users', user!), [r2.id, r3.id].sort());

    const unknown = await t.api<Any>('PUT', base, { organizationRoleNames: [r1.name, 'no-such-role'] });
    assert.equal(unknown.status, 422);
    assert.equal(unknown.body.code, 'organization.role_names_not_found');
    assert.deepEqual(unknown.body.data.names, ['no-such-role']);
    assert.deepEqual(await roleIdsOf(org, 'users', user!), [r2.id, r3.id].sort());
    for (const body of [
      { organizationRoleNames: 'x' },
      { organizationRoleNames: [''] },
      { organizationRoleIds: [3] },
    ]) {
      assert.equal((await t.api('POST', base, body)).status, 400, JSON.stringify(body));
    }
    // An empty PUT is accepted and clears the roles, as Logto does.
    assert.equal((await t.api('PUT', base, { organizationRoleIds: [] })).status, 204);
    assert.deepEqual(await roleIdsOf(org, 'users', user!), []);
  });

  it('POST /organizations/:id/users/roles gives every role to every user, or nothing', async () => {
    const org = await newOrganization();
    const [a, b, outsider] = await insertUsers(db, 3);
    await t.api('POST', `/organizations/${org}/users`, { userIds: [a, b] });
    const [r1, r2] = [await newRole(), await newRole()];
    const path = `/organizations/${org}/users/roles`;

    const res = await t.api<Any>('POST', path, { userIds: [a, b], organizationRoleIds: [r1.id, r2.id] });
    assert.equal(res.status, 201);
    for (const user of [a!, b!]) assert.deepEqual(await roleIdsOf(org, 'users', user), [r1.id, r2.id].sort());

    const r3 = await newRole();
    const outside = await t.api<Any>('POST', path, { userIds: [a, outsider], organizationRoleIds: [r3.id] });
    assert.equal(outside.status, 422);
    assert.equal(outside.body.code, 'organization.require_membership');
    assert.deepEqual(outside.body.data.memberIds, [outsider]);
    assert.deepEqual(await roleIdsOf(org, 'users', a!), [r1.id, r2.id].sort());
    const ghost = await t.api<Any>('POST', path, { userIds: [a], organizationRoleIds: ['ghost-role'] });
    assert.equal(ghost.status, 422);
    assert.equal(ghost.body.code, 'entity.relation_foreign_key_not_found');
    for (const body of [
      {},
      { userIds: [a] },
      { userIds: [], organizationRoleIds: [r1.id] },
      { userIds: [a], organizationRoleIds: [] },
    ]) {
      const bad = await t.api<Any>('POST', path, body);
      assert.equal(bad.status, 400, JSON.stringify(body));
      assert.equal(bad.body.code, 'guard.invalid_input');
    }
    const unknownOrg = await t.api<Any>('POST', '/organizations/ghost/users/roles', {
      userIds: [a],
      organizationRoleIds: [r1.id],
    });
    assert.equal(unknownOrg.status, 404);
  });

  it('GET /organizations/:id/users/:userId/scopes gives the organization scopes of the user’s roles', async () => {
    const org = await newOrganization();
    const [user, outsider] = await insertUsers(db, 2);
    await t.api('POST', `/organizations/${org}/users`, { userIds: [user] });
    const scope = async () =>
      (await t.api<Any>('POST', '/organization-scopes', { name: unique('scope') })).body as {
        id: string;
        name: string;
      };
    const [s1, s2, s3] = [await scope(), await scope(), await scope()];
    const r1 = await newRole({ organizationScopeIds: [s1.id, s2.id] });
    const r2 = await newRole({ organizationScopeIds: [s2.id] });
    await newRole({ organizationScopeIds: [s3.id] });
    await t.api('POST', `/organizations/${org}/users/${user}/roles`, { organizationRoleIds: [r1.id, r2.id] });

    const res = await t.api<Any>('GET', `/organizations/${org}/users/${user}/scopes`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.map((s: Any) => s.id).sort(), [s1.id, s2.id].sort());
    assert.deepEqual(Object.keys(res.body[0]).sort(), ['description', 'id', 'name']);
    const outside = await t.api<Any>('GET', `/organizations/${org}/users/${outsider}/scopes`);
    assert.equal(outside.status, 422);
    assert.equal(outside.body.code, 'organization.require_membership');
    assert.equal((await t.api('GET', `/organizations/ghost/users/${user}/scopes`)).status, 404);
  });

  it('application roles: list, add, replace, remove and bulk, machine-to-machine applications only', async () => {
    const org = await newOrganization();
    const [m1, m2] = await insertApplications(db, 2);
    const spa = `a${newId(12)}`;
    await sql`INSERT INTO applications (id, name, type, secret) VALUES (${spa}, 'SPA', 'SPA', 's')`.execute(
      db,
    );
    await t.api('POST', `/organizations/${org}/applications`, { applicationIds: [m1, m2, spa] });
    const machineRole = () => newRole({ type: 'MachineToMachine' });
    const [r1, r2] = [await machineRole(), await machineRole()];
    const base = `/organizations/${org}/applications/${m1}/roles`;

    assert.equal((await t.api('POST', base, { organizationRoleIds: [r1.id] })).status, 201);
    assert.deepEqual(await roleIdsOf(org, 'applications', m1!), [r1.id]);
    assert.equal((await t.api('PUT', base, { organizationRoleIds: [r2.id] })).status, 204);
    assert.deepEqual(await roleIdsOf(org, 'applications', m1!), [r2.id]);
    const members = await t.api<Any>('GET', `/organizations/${org}/applications`);
    assert.deepEqual(members.body.find((a: Any) => a.id === m1).organizationRoles, [
      { id: r2.id, name: r2.name },
    ]);
    const organizations = await t.api<Any>('GET', `/applications/${m1}/organizations`);
    assert.deepEqual(
      organizations.body.map((o: Any) => [o.id, o.organizationRoles]),
      [[org, [{ id: r2.id, name: r2.name }]]],
    );
    assert.equal((await t.api('DELETE', `${base}/${r2.id}`)).status, 204);
    assert.equal((await t.api('DELETE', `${base}/${r2.id}`)).status, 404);

    const bulk = await t.api('POST', `/organizations/${org}/applications/roles`, {
      applicationIds: [m1, m2],
      organizationRoleIds: [r1.id, r2.id],
    });
    assert.equal(bulk.status, 201);
    assert.deepEqual(await roleIdsOf(org, 'applications', m2!), [r1.id, r2.id].sort());

    for (const res of [
      await t.api<Any>('POST', `/organizations/${org}/applications/${spa}/roles`, {
        organizationRoleIds: [r1.id],
      }),
      await t.api<Any>('POST', `/organizations/${org}/applications/roles`, {
        applicationIds: [m1, spa],
        organizationRoleIds: [r1.id],
      }),
    ]) {
      assert.equal(res.status, 422);
      assert.equal(res.body.code, 'application.invalid_type');
    }
    const [outsider] = await insertApplications(db, 1);
    const notMember = await t.api<Any>('GET', `/organizations/${org}/applications/${outsider}/roles`);
    assert.equal(notMember.status, 422);
    assert.equal(notMember.body.code, 'organization.require_membership');
    const ghost = await t.api<Any>('POST', `/organizations/${org}/applications/ghost-app/roles`, {
      organizationRoleIds: [r1.id],
    });
    assert.equal(ghost.status, 422);
    assert.equal(ghost.body.code, 'entity.relation_foreign_key_not_found');
    assert.equal((await t.api('POST', base, { organizationRoleIds: 'x' })).status, 400);

    // Roles go with the membership.
    await t.api('DELETE', `/organizations/${org}/applications/${m2}`);
    await t.api('POST', `/organizations/${org}/applications`, { applicationIds: [m2] });
    assert.deepEqual(await roleIdsOf(org, 'applications', m2!), []);
  });
});

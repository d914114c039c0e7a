import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addMembers, removeMember, replaceMembers } from '../../src/organizations/members.service.js';
import { startTestService } from '../support/service.js';
import { insertApplications, insertUsers, runRecorded } from './fixtures.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const membership = 'Organization.Membership.Updated';

describe('organization members', async () => {
  const t = await startTestService();
  const db = t.service.storage.db;
  const newOrganization = async () =>
    (await t.api<Any>('POST', '/organizations', { name: 'Org' })).body.id as string;
  const memberIds = async (id: string, kind: 'users' | 'applications') => {
    const res = await t.api<Any>('GET', `/organizations/${id}/${kind}?page_size=100`);
    assert.equal(res.status, 200);
    return res.body.map((m: Any) => m.id).sort();
  };

  it('adds users with POST, lists them paged with Total-Number and their roles', async () => {
    const org = await newOrganization();
    const users = await insertUsers(db, 3, (i) => ({
      username: `member-${i}`,
      primaryEmail: `m${i}@example.com`,
    }));
    const res = await t.api<Any>('POST', `/organizations/${org}/users`, { userIds: users });
    assert.equal(res.status, 201);
    assert.deepEqual(res.body, { userIds: users });

    const page = await t.api<Any>('GET', `/organizations/${org}/users?page=1&page_size=2`);
    assert.equal(page.headers.get('total-number'), '3');
    assert.equal(page.body.length, 2);
    const member = page.body[0];
    assert.deepEqual(member.organizationRoles, []);
    assert.equal(typeof member.createdAt, 'number');
    assert.equal(member.passwordHash, undefined);
    assert.equal(member.password_hash, undefined);
    const search = await t.api<Any>('GET', `/organizations/${org}/users?q=member-1`);
    assert.deepEqual(
      search.body.map((m: Any) => m.username),
      ['member-1'],
    );
    assert.deepEqual(await memberIds(org, 'users'), [...users].sort());
  });

  it('POST adds; a repeated POST and an identical PUT fire with no delta field', async () => {
    const org = await newOrganization();
    const [a, b] = await insertUsers(db, 2);
    const first = await runRecorded(db, (trx, e) => addMembers(trx, e, 'user', org, [a!, b!, a!]));
    assert.deepEqual(first.events, [
      { event: membership, payload: { data: null, organizationId: org, addedUserIds: [a, b] } },
    ]);
    const again = await runRecorded(db, (trx, e) => addMembers(trx, e, 'user', org, [b!]));
    assert.deepEqual(again.events, [{ event: membership, payload: { data: null, organizationId: org } }]);
    const same = await runRecorded(db, (trx, e) => replaceMembers(trx, e, 'user', org, [b!, a!]));
    assert.deepEqual(same.events, [{ event: membership, payload: { data: null, organizationId: org } }]);
    assert.deepEqual(await memberIds(org, 'users'), [a, b].sort());

    // The routes answer as Logto does for the same no-ops.
    assert.equal((await t.api('POST', `/organizations/${org}/users`, { userIds: [a] })).status, 201);
    const put = await t.api('PUT', `/organizations/${org}/users`, { userIds: [a, b] });
    assert.equal(put.status, 204);
    assert.equal(put.body, undefined);
  });

  it('PUT replacing A with B gives addedUserIds [B] and removedUserIds [A]; DELETE removes', async () => {
    const org = await newOrganization();
    const [a, b] = await insertUsers(db, 2);
    await t.api('PUT', `/organizations/${org}/users`, { userIds: [a] });
    const replaced = await runRecorded(db, (trx, e) => replaceMembers(trx, e, 'user', org, [b!]));
    assert.deepEqual(replaced.events, [
      {
        event: membership,
        payload: { data: null, organizationId: org, addedUserIds: [b], removedUserIds: [a] },
      },
    ]);
    assert.deepEqual(await memberIds(org, 'users'), [b]);

    const removed = await runRecorded(db, (trx, e) => removeMember(trx, e, 'user', org, b!));
    assert.deepEqual(removed.events, [
      { event: membership, payload: { data: null, organizationId: org, removedUserIds: [b] } },
    ]);
    await t.api('POST', `/organizations/${org}/users`, { userIds: [a] });
    const viaRoute = await t.api('DELETE', `/organizations/${org}/users/${a}`);
    assert.equal(viaRoute.status, 204);
    assert.deepEqual(await memberIds(org, 'users'), []);

    const notMember = await t.api<Any>('DELETE', `/organizations/${org}/users/${a}`);
    assert.equal(notMember.status, 404);
    assert.equal(notMember.body.code, 'entity.not_found');

    const emptied = await t.api('PUT', `/organizations/${org}/users`, { userIds: [] });
    assert.equal(emptied.status, 204);
  });

  it('applications: POST, no-op, PUT replace, DELETE, with application delta fields only', async () => {
    const org = await newOrganization();
    const [a, b] = await insertApplications(db, 2);
    const added = await runRecorded(db, (trx, e) => addMembers(trx, e, 'application', org, [a!]));
    assert.deepEqual(added.events, [
      { event: membership, payload: { data: null, organizationId: org, addedApplicationIds: [a] } },
    ]);
    const noop = await runRecorded(db, (trx, e) => replaceMembers(trx, e, 'application', org, [a!]));
    assert.deepEqual(noop.events, [{ event: membership, payload: { data: null, organizationId: org } }]);
    const replaced = await runRecorded(db, (trx, e) => replaceMembers(trx, e, 'application', org, [b!]));
    assert.deepEqual(replaced.events, [
      {
        event: membership,
        payload: { data: null, organizationId: org, addedApplicationIds: [b], removedApplicationIds: [a] },
      },
    ]);
    const removed = await runRecorded(db, (trx, e) => removeMember(trx, e, 'application', org, b!));
    assert.deepEqual(removed.events, [
      { event: membership, payload: { data: null, organizationId: org, removedApplicationIds: [b] } },
    ]);

    const post = await t.api<Any>('POST', `/organizations/${org}/applications`, { applicationIds: [a, b] });
    assert.equal(post.status, 201);
    assert.deepEqual(post.body, { applicationIds: [a, b] });
    const list = await t.api<Any>('GET', `/organizations/${org}/applications`);
    assert.equal(list.headers.get('total-number'), '2');
    // Whole application objects, as Logto lists them, each with its roles in the organization.
    assert.deepEqual(Object.keys(list.body[0]).sort(), [
      'createdAt',
      'customClientMetadata',
      'customData',
      'description',
      'id',
      'isThirdParty',
      'name',
      'oidcClientMetadata',
      'organizationRoles',
      'protectedAppMetadata',
      'secret',
      'type',
    ]);
    assert.equal(
      (await t.api('PUT', `/organizations/${org}/applications`, { applicationIds: [b] })).status,
      204,
    );
    assert.deepEqual(await memberIds(org, 'applications'), [b]);
    assert.equal((await t.api('DELETE', `/organizations/${org}/applications/${b}`)).status, 204);
    const again = await t.api<Any>('DELETE', `/organizations/${org}/applications/${b}`);
    assert.equal(again.status, 404);
  });

  it('refuses unknown ids with 422 and applies nothing', async () => {
    const org = await newOrganization();
    const [a, b] = await insertUsers(db, 2);
    await t.api('POST', `/organizations/${org}/users`, { userIds: [a] });
    for (const method of ['POST', 'PUT']) {
      const res = await t.api<Any>(method, `/organizations/${org}/users`, { userIds: [b, 'ghost-user'] });
      assert.equal(res.status, 422, method);
      assert.equal(res.body.code, 'entity.relation_foreign_key_not_found');
      assert.deepEqual(res.body.data, { userIds: ['ghost-user'] });
    }
    assert.deepEqual(await memberIds(org, 'users'), [a]);
    const apps = await t.api<Any>('POST', `/organizations/${org}/applications`, {
      applicationIds: ['ghost-app'],
    });
    assert.equal(apps.status, 422);
    assert.deepEqual(apps.body.data, { applicationIds: ['ghost-app'] });
  });

  it('answers 404 for an unknown organization on every member route', async () => {
    const [a] = await insertUsers(db, 1);
    const calls: [string, string, unknown?][] = [
      ['GET', '/organizations/nope/users'],
      ['POST', '/organizations/nope/users', { userIds: [a] }],
      ['PUT', '/organizations/nope/users', { userIds: [a] }],
      ['DELETE', `/organizations/nope/users/${a}`],
      ['GET', '/organizations/nope/applications'],
      ['POST', '/organizations/nope/applications', { applicationIds: ['x'] }],
      ['PUT', '/organizations/nope/applications', { applicationIds: [] }],
      ['DELETE', '/organizations/nope/applications/x'],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.api<Any>(method, path, body);
      assert.equal(res.status, 404, `${method} ${path}`);
      assert.equal(res.body.code, 'entity.not_exists_with_id');
    }
  });

  it('refuses malformed bodies with 400', async () => {
    const org = await newOrganization();
    const bad: [string, string, unknown][] = [
      ['POST', 'users', {}],
      ['POST', 'users', { userIds: [] }],
      ['POST', 'users', { userIds: 'u1' }],
      ['PUT', 'users', { userIds: [1] }],
      ['PUT', 'users', { userIds: [''] }],
      ['POST', 'applications', { userIds: ['x'] }],
      ['PUT', 'applications', {}],
    ];
    for (const [method, kind, body] of bad) {
      const res = await t.api<Any>(method, `/organizations/${org}/${kind}`, body);
      assert.equal(res.status, 400, `${method} ${kind} ${JSON.stringify(body)}`);
      assert.equal(res.body.code, 'guard.invalid_input');
    }
  });

  it('a POST of 6,000 users adds all of them; the delta holds exactly the first 5,000', async () => {
    const viaRoute = await newOrganization();
    const users = await insertUsers(db, 6000);
    const res = await t.api('POST', `/organizations/${viaRoute}/users`, { userIds: users });
    assert.equal(res.status, 201);
    const count = await t.api('GET', `/organizations/${viaRoute}/users?page_size=1`);
    assert.equal(count.headers.get('total-number'), '6000');

    const recorded = await newOrganization();
    const { events } = await runRecorded(db, (trx, e) => addMembers(trx, e, 'user', recorded, users));
    assert.equal(events.length, 1);
    const payload = events[0]!.payload as Any;
    assert.deepEqual(Object.keys(payload).sort(), ['addedUserIds', 'data', 'organizationId']);
    assert.equal(payload.addedUserIds.length, 5000);
    assert.deepEqual(payload.addedUserIds, users.slice(0, 5000), 'the first 5,000 in request order');
    const total = await t.api('GET', `/organizations/${recorded}/users?page_size=1`);
    assert.equal(total.headers.get('total-number'), '6000');
  });

  it('replaces 10,000 members with 10,000 others in a constant number of statements', async () => {
    const org = await newOrganization();
    const before = await insertUsers(db, 10_000);
    const after = await insertUsers(db, 10_000);
    assert.equal((await t.api('PUT', `/organizations/${org}/users`, { userIds: before })).status, 204);

    let statements = 0;
    const { events } = await runRecorded(db, (trx, e) => {
      const counted = trx.withPlugin({
        transformQuery: (args) => {
          statements++;
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      return replaceMembers(counted as typeof trx, e, 'user', org, after);
    });
    assert.equal(statements, 4, 'lock, unknown-id check, delete, insert');
    const payload = events[0]!.payload as Any;
    assert.deepEqual(payload.addedUserIds, after.slice(0, 5000));
    assert.equal(payload.removedUserIds.length, 5000);
    assert.ok(payload.removedUserIds.every((id: string) => before.includes(id)));
    const total = await t.api<Any>('GET', `/organizations/${org}/users?page_size=1`);
    assert.equal(total.headers.get('total-number'), '10000');
    assert.ok(after.includes(total.body[0].id));
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { changeInvitationStatus } from '../../src/organizations/invitations.service.js';
import { startTestService } from '../support/service.js';
import { insertUsers, runRecorded } from './fixtures.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const inAnHour = () => Date.now() + 3_600_000;

describe('organization invitations', async () => {
  const t = await startTestService();
  const db = t.service.storage.db;
  let counter = 0;
  const email = () => `invitee-${++counter}@example.com`;
  const org = (await t.api<Any>('POST', '/organizations', { name: 'Inviting' })).body.id as string;
  const role = (await t.api<Any>('POST', '/organization-roles', { name: 'invited-member' })).body;
  const [inviter] = await insertUsers(db, 1, () => ({ primaryEmail: 'inviter@example.com' }));
  const invite = async (invitee: string, extra: object = {}) =>
    t.api<Any>('POST', '/organization-invitations', {
      invitee,
      organizationId: org,
      expiresAt: inAnHour(),
      organizationRoleIds: [role.id],
      ...extra,
    });
  const memberIds = async () =>
    (await t.api<Any>('GET', `/organizations/${org}/users?page_size=100`)).body.map((m: Any) => m.id);

  it('creates, gets and lists invitations with Logto’s shape', async () => {
    const expiresAt = inAnHour();
    const res = await invite('Someone@Example.com', { inviterId: inviter, expiresAt });
    assert.equal(res.status, 201);
    const body = res.body;
    assert.deepEqual(
      { ...body, id: undefined, createdAt: undefined, updatedAt: undefined },
      {
        id: undefined,
        inviterId: inviter,
        invitee: 'Someone@Example.com',
        acceptedUserId: null,
        organizationId: org,
        status: 'Pending',
        expiresAt,
        createdAt: undefined,
        updatedAt: undefined,
        organizationRoles: [{ id: role.id, name: role.name }],
      },
    );
    assert.equal(typeof body.createdAt, 'number');
    assert.deepEqual((await t.api<Any>('GET', `/organization-invitations/${body.id}`)).body, body);

    const byInvitee = await t.api<Any>('GET', '/organization-invitations?invitee=someone@example.com');
    assert.equal(byInvitee.status, 200);
    assert.equal(byInvitee.headers.get('total-number'), '1');
    assert.deepEqual(byInvitee.body, [body]);
    const byOrg = await t.api<Any>(
      'GET',
      `/organization-invitations?organizationId=${org}&inviterId=${inviter}`,
    );
    assert.ok(byOrg.body.some((i: Any) => i.id === body.id));
    assert.equal((await t.api('GET', '/organization-invitations/nope')).status, 404);
  });

  it('the recorded invitation e-mail carries the template payload (its link), as do recorded codes', async () => {
    const invitee = email();
    const link = `https://app.example.com/invite/${counter}`;
    assert.equal((await invite(invitee, { messagePayload: { link, team: 'Blue' } })).status, 201);
    const [invitation] = (await t.api<Any>('GET', `/messages?recipient=${invitee}`)).body;
    assert.equal(invitation.purpose, 'OrganizationInvitation');
    assert.deepEqual(invitation.payload, { link, team: 'Blue' });
    assert.equal(invitation.code, null);

    assert.equal((await t.api('POST', '/verification-codes', { email: invitee })).status, 204);
    const [code] = (await t.api<Any>('GET', `/messages?recipient=${invitee}`)).body;
    assert.match(code.code, /^\d{6}$/);
    assert.deepEqual(code.payload, { code: code.code });
  });

  it('refuses bad input (400) and unknown references (422)', async () => {
    const bad: unknown[] = [
      {},
      { organizationId: org, expiresAt: inAnHour() },
      { invitee: 'not-an-email', organizationId: org, expiresAt: inAnHour() },
      { invitee: email(), organizationId: org, expiresAt: 'tomorrow' },
      { invitee: email(), expiresAt: inAnHour() },
      { invitee: email(), organizationId: org, expiresAt: inAnHour(), organizationRoleIds: 'r' },
      { invitee: email(), organizationId: org, expiresAt: inAnHour(), messagePayload: true },
      { invitee: email(), organizationId: org, expiresAt: inAnHour(), messagePayload: { link: {} } },
    ];
    for (const body of bad) {
      const res = await t.api<Any>('POST', '/organization-invitations', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.code, 'guard.invalid_input');
    }
    const past = await invite(email(), { expiresAt: Date.now() - 1000 });
    assert.equal(past.status, 400);
    assert.equal(past.body.code, 'organization.expires_at_in_future');
    const unknown: [object, string][] = [
      [{ organizationId: 'ghost-org' }, 'organizationIds'],
      [{ inviterId: 'ghost-user' }, 'userIds'],
      [{ organizationRoleIds: ['ghost-role'] }, 'organizationRoleIds'],
    ];
    for (const [extra, field] of unknown) {
      const res = await invite(email(), extra);
      assert.equal(res.status, 422, JSON.stringify(extra));
      assert.equal(res.body.code, 'entity.relation_foreign_key_not_found');
      assert.ok(field in res.body.data);
    }
  });

  it('refuses to invite someone who is already a member', async () => {
    const address = email();
    const [user] = await insertUsers(db, 1, () => ({ primaryEmail: address }));
    await t.api('POST', `/organizations/${org}/users`, { userIds: [user] });
    const res = await invite(address.toUpperCase());
    assert.equal(res.status, 422);
    assert.equal(res.body.code, 'organization.invitee_already_member');
  });

  it('accepting makes the user a member with the invitation’s roles and adds them in the event', async () => {
    const address = email();
    const [user] = await insertUsers(db, 1, () => ({ primaryEmail: address }));
    const invitation = (await invite(address)).body;
    const { result, events } = await runRecorded(db, (trx, e) =>
      changeInvitationStatus(trx, e, invitation.id, { status: 'Accepted', acceptedUserId: user }),
    );
    assert.equal(result.status, 'Accepted');
    assert.equal(result.acceptedUserId, user);
    assert.ok(result.updatedAt >= invitation.updatedAt);
    assert.deepEqual(events, [
      {
        event: 'Organization.Membership.Updated',
        payload: { data: null, organizationId: org, addedUserIds: [user] },
      },
    ]);
    assert.ok((await memberIds()).includes(user));
    const roles = await t.api<Any>('GET', `/organizations/${org}/users/${user}/roles`);
    assert.deepEqual(
      roles.body.map((r: Any) => r.id),
      [role.id],
    );

    const again = await t.api<Any>('PUT', `/organization-invitations/${invitation.id}/status`, {
      status: 'Accepted',
      acceptedUserId: user,
    });
    assert.equal(again.status, 422);
    assert.equal(again.body.code, 'organization.invitation_status_not_changeable');
  });

  it('accepting through the route answers the updated invitation', async () => {
    const address = email();
    const [user] = await insertUsers(db, 1, () => ({ primaryEmail: address }));
    const invitation = (await invite(address)).body;
    const res = await t.api<Any>('PUT', `/organization-invitations/${invitation.id}/status`, {
      status: 'Accepted',
      acceptedUserId: user,
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'Accepted');
    assert.equal(res.body.acceptedUserId, user);
    assert.ok((await memberIds()).includes(user));
  });

  it('a user who became a member meanwhile accepts with no delta field, and gets the roles', async () => {
    const address = email();
    const [user] = await insertUsers(db, 1, () => ({ primaryEmail: address }));
    const invitation = (await invite(address)).body;
    await t.api('POST', `/organizations/${org}/users`, { userIds: [user] });
    const { result, events } = await runRecorded(db, (trx, e) =>
      changeInvitationStatus(trx, e, invitation.id, { status: 'Accepted', acceptedUserId: user }),
    );
    assert.equal(result.status, 'Accepted');
    assert.deepEqual(events, [
      { event: 'Organization.Membership.Updated', payload: { data: null, organizationId: org } },
    ]);
    const roles = await t.api<Any>('GET', `/organizations/${org}/users/${user}/roles`);
    assert.equal(roles.body.length, 1);
  });

  it('refuses acceptance without a user, by an unknown user, or by someone else', async () => {
    const address = email();
    const [other] = await insertUsers(db, 1, () => ({ primaryEmail: email() }));
    const invitation = (await invite(address)).body;
    const path = `/organization-invitations/${invitation.id}/status`;
    const cases: [object, number, string][] = [
      [{ status: 'Accepted' }, 422, 'organization.accepted_user_id_required'],
      [{ status: 'Accepted', acceptedUserId: 'ghost' }, 422, 'entity.relation_foreign_key_not_found'],
      [{ status: 'Accepted', acceptedUserId: other }, 422, 'organization.accepted_user_email_mismatch'],
      [{ status: 'Pending' }, 400, 'guard.invalid_input'],
      [{ status: 'Expired' }, 400, 'guard.invalid_input'],
      [{}, 400, 'guard.invalid_input'],
    ];
    for (const [body, status, code] of cases) {
      const res = await t.api<Any>('PUT', path, body);
      assert.equal(res.status, status, JSON.stringify(body));
      assert.equal(res.body.code, code);
    }
    assert.equal(
      (await t.api<Any>('GET', `/organization-invitations/${invitation.id}`)).body.status,
      'Pending',
    );
    assert.ok(!(await memberIds()).includes(other));
    const missing = await t.api<Any>('PUT', '/organization-invitations/nope/status', { status: 'Revoked' });
    assert.equal(missing.status, 404);
  });

  it('revokes once; a revoked or expired invitation cannot change status', async () => {
    const revoked = (await invite(email())).body;
    const path = `/organization-invitations/${revoked.id}/status`;
    const res = await t.api<Any>('PUT', path, { status: 'Revoked' });
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'Revoked');
    assert.equal(res.body.acceptedUserId, null);
    const again = await t.api<Any>('PUT', path, { status: 'Revoked' });
    assert.equal(again.status, 422);
    assert.equal(again.body.code, 'organization.invitation_status_not_changeable');

    const address = email();
    const [user] = await insertUsers(db, 1, () => ({ primaryEmail: address }));
    const expiring = (await invite(address)).body;
    await db
      .updateTable('organization_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.id)
      .execute();
    assert.equal(
      (await t.api<Any>('GET', `/organization-invitations/${expiring.id}`)).body.status,
      'Expired',
    );
    const late = await t.api<Any>('PUT', `/organization-invitations/${expiring.id}/status`, {
      status: 'Accepted',
      acceptedUserId: user,
    });
    assert.equal(late.status, 422);
    assert.equal(late.body.code, 'organization.invitation_status_not_changeable');
    assert.ok(!(await memberIds()).includes(user));
  });

  it('lets exactly one of two concurrent acceptances through', async () => {
    const address = email();
    const [user] = await insertUsers(db, 1, () => ({ primaryEmail: address }));
    const invitation = (await invite(address)).body;
    const path = `/organization-invitations/${invitation.id}/status`;
    const results = await Promise.all(
      [1, 2].map(() => t.api<Any>('PUT', path, { status: 'Accepted', acceptedUserId: user })),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 422]);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createApiClient } from '@logto/api/management';
import { newId } from '../../src/storage/ids.js';
import { insertApplications, insertUsers } from '../organizations/fixtures.js';
import { startTestService } from '../support/service.js';

/**
 * Logto's own typed management client (`@logto/api`) driving Tessera's organization routes; only
 * the base URL and the token source are ours (the client's own client-credentials helper posts
 * the secret in the body, while Tessera's M2M clients authenticate with HTTP Basic).
 */
describe('@logto/api: organizations', async () => {
  const t = await startTestService();
  const db = t.service.storage.db;
  const api = createApiClient({ baseUrl: t.baseUrl, getToken: () => t.managementToken() });
  const unique = (prefix: string) => `${prefix}-${newId(8)}`;
  const ok = <T>(result: { data?: T; error?: unknown; response: Response }, status: number): T => {
    assert.equal(result.response.status, status, JSON.stringify(result.error));
    return result.data as T;
  };

  it('creates, reads, updates and lists organizations with branding and featured members', async () => {
    const created = ok(
      await api.POST('/api/organizations', {
        body: {
          name: unique('org'),
          description: 'Made by @logto/api',
          customData: { tier: 'gold' },
          isMfaRequired: true,
          branding: { logoUrl: 'https://cdn.example.com/logo.png' },
        },
      }),
      201,
    );
    const read = ok(await api.GET('/api/organizations/{id}', { params: { path: { id: created.id } } }), 200);
    assert.equal(read.isMfaRequired, true);
    assert.deepEqual(read.branding, { logoUrl: 'https://cdn.example.com/logo.png' });
    const patched = ok(
      await api.PATCH('/api/organizations/{id}', {
        params: { path: { id: created.id } },
        body: { customData: { tier: 'silver' } },
      }),
      200,
    );
    assert.deepEqual(patched.customData, { tier: 'silver' });
    const users = await insertUsers(db, 2);
    ok(
      await api.POST('/api/organizations/{id}/users', {
        params: { path: { id: created.id } },
        body: { userIds: users },
      }),
      201,
    );
    const listed = ok(
      await api.GET('/api/organizations', { params: { query: { q: created.name, showFeatured: 'true' } } }),
      200,
    );
    assert.equal(listed[0]!.usersCount, 2);
    const missing = await api.GET('/api/organizations/{id}', { params: { path: { id: 'ghost' } } });
    assert.equal(missing.response.status, 404);
  });

  it('manages organization roles with organization and resource scopes', async () => {
    const resource = ok(
      await api.POST('/api/resources', {
        body: { name: 'Orders', indicator: `https://orders.example.com/${newId(6)}` },
      }),
      201,
    );
    const scope = ok(
      await api.POST('/api/resources/{resourceId}/scopes', {
        params: { path: { resourceId: resource.id } },
        body: { name: 'read:orders' },
      }),
      201,
    );
    const orgScope = ok(await api.POST('/api/organization-scopes', { body: { name: unique('scope') } }), 201);
    const role = ok(
      await api.POST('/api/organization-roles', {
        body: { name: unique('role'), organizationScopeIds: [orgScope.id], resourceScopeIds: [scope.id] },
      }),
      201,
    );
    const path = { params: { path: { id: role.id } } };
    const resourceScopes = ok(await api.GET('/api/organization-roles/{id}/resource-scopes', path), 200);
    assert.deepEqual(
      resourceScopes.map((s) => s.id),
      [scope.id],
    );
    ok(
      await api.PUT('/api/organization-roles/{id}/resource-scopes', { ...path, body: { scopeIds: [] } }),
      204,
    );
    ok(
      await api.POST('/api/organization-roles/{id}/resource-scopes', {
        ...path,
        body: { scopeIds: [scope.id] },
      }),
      201,
    );
    ok(
      await api.DELETE('/api/organization-roles/{id}/resource-scopes/{scopeId}', {
        params: { path: { id: role.id, scopeId: scope.id } },
      }),
      204,
    );
    const roles = ok(await api.GET('/api/organization-roles', { params: { query: { q: role.name } } }), 200);
    assert.deepEqual(roles[0]!.scopes, [{ id: orgScope.id, name: orgScope.name }]);
    assert.deepEqual(roles[0]!.resourceScopes, []);
  });

  it('assigns member roles to users and applications, and reads a user’s scopes', async () => {
    const org = ok(await api.POST('/api/organizations', { body: { name: unique('org') } }), 201);
    const orgScope = ok(await api.POST('/api/organization-scopes', { body: { name: unique('scope') } }), 201);
    const role = ok(
      await api.POST('/api/organization-roles', {
        body: { name: unique('role'), organizationScopeIds: [orgScope.id], resourceScopeIds: [] },
      }),
      201,
    );
    const [a, b] = await insertUsers(db, 2);
    const [app] = await insertApplications(db, 1);
    const id = { path: { id: org.id } };
    ok(await api.POST('/api/organizations/{id}/users', { params: id, body: { userIds: [a!, b!] } }), 201);
    ok(
      await api.POST('/api/organizations/{id}/applications', {
        params: id,
        body: { applicationIds: [app!] },
      }),
      201,
    );

    ok(
      await api.POST('/api/organizations/{id}/users/roles', {
        params: id,
        body: { userIds: [a!, b!], organizationRoleIds: [role.id] },
      }),
      201,
    );
    const userPath = { path: { id: org.id, userId: a! } };
    ok(
      await api.PUT('/api/organizations/{id}/users/{userId}/roles', {
        params: userPath,
        body: { organizationRoleNames: [role.name] },
      }),
      204,
    );
    const scopes = ok(
      await api.GET('/api/organizations/{id}/users/{userId}/scopes', { params: userPath }),
      200,
    );
    assert.deepEqual(
      scopes.map((s) => s.id),
      [orgScope.id],
    );

    const appPath = { path: { id: org.id, applicationId: app! } };
    // Applications hold machine-to-machine roles only (Logto's role type).
    const machineRole = ok(
      await api.POST('/api/organization-roles', {
        body: {
          name: unique('m2m-role'),
          type: 'MachineToMachine',
          organizationScopeIds: [],
          resourceScopeIds: [],
        },
      }),
      201,
    );
    ok(
      await api.POST('/api/organizations/{id}/applications/{applicationId}/roles', {
        params: appPath,
        body: { organizationRoleIds: [machineRole.id] },
      }),
      201,
    );
    const appRoles = ok(
      await api.GET('/api/organizations/{id}/applications/{applicationId}/roles', { params: appPath }),
      200,
    );
    assert.deepEqual(
      appRoles.map((r) => r.id),
      [machineRole.id],
    );
    ok(
      await api.DELETE('/api/organizations/{id}/applications/{applicationId}/roles/{organizationRoleId}', {
        params: { path: { ...appPath.path, organizationRoleId: machineRole.id } },
      }),
      204,
    );
    ok(
      await api.POST('/api/organizations/{id}/applications/roles', {
        params: id,
        body: { applicationIds: [app!], organizationRoleIds: [machineRole.id] },
      }),
      201,
    );
  });

  it('configures JIT provisioning and sends invitations', async () => {
    const org = ok(await api.POST('/api/organizations', { body: { name: unique('org') } }), 201);
    const role = ok(
      await api.POST('/api/organization-roles', {
        body: { name: unique('role'), organizationScopeIds: [], resourceScopeIds: [] },
      }),
      201,
    );
    const id = { path: { id: org.id } };
    ok(
      await api.POST('/api/organizations/{id}/jit/roles', {
        params: id,
        body: { organizationRoleIds: [role.id] },
      }),
      201,
    );
    const jitRoles = ok(await api.GET('/api/organizations/{id}/jit/roles', { params: id }), 200);
    assert.deepEqual(
      jitRoles.map((r) => r.id),
      [role.id],
    );
    ok(
      await api.POST('/api/organizations/{id}/jit/email-domains', {
        params: id,
        body: { emailDomain: 'jit.example' },
      }),
      201,
    );
    const dup = await api.POST('/api/organizations/{id}/jit/email-domains', {
      params: id,
      body: { emailDomain: 'jit.example' },
    });
    assert.equal(dup.response.status, 422);

    const invitee = `${newId(6)}@example.com`;
    const invitation = ok(
      await api.POST('/api/organization-invitations', {
        body: {
          invitee,
          organizationId: org.id,
          expiresAt: Date.now() + 3_600_000,
          organizationRoleIds: [role.id],
          messagePayload: { link: 'https://app.example.com/invite' },
        },
      }),
      201,
    );
    assert.equal(invitation.status, 'Pending');
    ok(
      await api.POST('/api/organization-invitations/{id}/message', {
        params: { path: { id: invitation.id } },
        body: { link: 'https://app.example.com/invite?again' },
      }),
      204,
    );
    const sent = await t.api<{ content: string }[]>('GET', `/messages?recipient=${invitee}`);
    assert.equal(sent.body.length, 2);
    assert.match(sent.body[0]!.content, /invite\?again/);
    ok(
      await api.PUT('/api/organization-invitations/{id}/status', {
        params: { path: { id: invitation.id } },
        body: { status: 'Revoked' },
      }),
      200,
    );
    const again = await api.PUT('/api/organization-invitations/{id}/status', {
      params: { path: { id: invitation.id } },
      body: { status: 'Revoked' },
    });
    assert.equal(again.response.status, 422);
  });
});

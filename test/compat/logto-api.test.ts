import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createManagementApi } from '@logto/api/management';
import { MANAGEMENT_ROLE_ID } from '../../src/management/seed.js';
import { newId } from '../../src/storage/ids.js';
import { apiOk, clientCredentials } from '../support/http.js';
import { startTestService } from '../support/service.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

/** What openapi-fetch answers: the body, or the error body, and the raw response. */
interface Result<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The call succeeded with the status Logto answers; returns its body. */
function ok<T>(result: Result<T>, status: number): T {
  assert.equal(
    result.response.status,
    status,
    `${result.response.url}: ${result.response.status} ${JSON.stringify(result.error)}`,
  );
  return result.data as T;
}

/** Every member Logto's response schema requires is there (Tessera has no tenants: no `tenantId`). */
function hasMembers(body: unknown, members: string[]): void {
  assert.ok(body && typeof body === 'object', `an object: ${JSON.stringify(body)}`);
  const missing = members.filter((member) => !(member in body));
  assert.deepEqual(missing, [], `missing ${missing.join(', ')} in ${JSON.stringify(body)}`);
}

/** Logto's generated types declare redirect URIs as objects; Logto takes strings, as Tessera does. */
const uris = (...list: string[]) => list as unknown as Record<string, unknown>[];

/**
 * Logto's search parameters (`search.<field>=…`) are `search_params` in its OpenAPI document, an
 * object sent in form style: openapi-fetch is told so per request, as a caller of Logto does.
 */
const formStyle = { object: { style: 'form', explode: true } } as const;

const USER =
  'id username primaryEmail primaryPhone name avatar customData identities lastSignInAt createdAt updatedAt profile applicationId isSuspended'.split(
    ' ',
  );
const ROLE = ['id', 'name', 'description', 'type', 'isDefault'];
const SCOPE = ['id', 'resourceId', 'name', 'description', 'createdAt'];
const RESOURCE = ['id', 'name', 'indicator', 'isDefault', 'accessTokenTtl'];
const APPLICATION =
  'id name description type oidcClientMetadata customClientMetadata protectedAppMetadata customData isThirdParty createdAt'.split(
    ' ',
  );
const SECRET = ['applicationId', 'name', 'createdAt', 'expiresAt'];
const HOOK = ['id', 'name', 'event', 'events', 'config', 'signingKey', 'enabled', 'createdAt'];

/**
 * Logto's own typed management client (`@logto/api`) drives Tessera: only the base URL and the
 * management API indicator are adapted; the client authenticates with client credentials itself.
 */
describe('@logto/api drives Tessera', async () => {
  const t = await startTestService();
  const m2m = await apiOk<{ id: string; secret: string }>(t, 'POST', '/applications', {
    name: 'migration script',
    type: 'MachineToMachine',
  });
  await apiOk(t, 'POST', `/applications/${m2m.id}/roles`, { roleIds: [MANAGEMENT_ROLE_ID] });
  /** Logto's client for the migration script's M2M app; only base URL and indicator adapted. */
  const clientWith = (clientSecret: string) =>
    createManagementApi('default', {
      clientId: m2m.id,
      clientSecret,
      baseUrl: t.baseUrl,
      apiIndicator: t.config.managementApiIndicator,
    }).apiClient;
  const api = clientWith(m2m.secret);
  const receiver = await startWebhookReceiver();
  after(() => receiver.close());

  it('drives users: create, get, update, search, password, roles, delete', async () => {
    const username = `migrated_${newId(6)}`;
    const user = ok(
      await api.POST('/api/users', {
        body: {
          username,
          password: 'Correct-Horse-9-battery',
          primaryEmail: `${username}@example.com`,
          name: 'Migrated',
        },
      }),
      200,
    );
    hasMembers(user, USER);
    hasMembers(
      ok(await api.GET('/api/users/{userId}', { params: { path: { userId: user.id } } }), 200),
      USER,
    );
    const updated = ok(
      await api.PATCH('/api/users/{userId}', {
        params: { path: { userId: user.id } },
        body: { name: 'Renamed', customData: { plan: 'pro' } },
      }),
      200,
    );
    assert.equal(updated.name, 'Renamed');
    assert.deepEqual(updated.customData, { plan: 'pro' });

    const found = ok(
      await api.GET('/api/users', {
        params: {
          query: { search_params: { 'search.username': username, 'mode.username': 'exact' } },
        },
        querySerializer: formStyle,
      }),
      200,
    );
    assert.deepEqual(
      found.map((row) => row.id),
      [user.id],
    );
    const byWildcard = ok(
      await api.GET('/api/users', {
        params: { query: { search_params: { search: `%${username.slice(9)}%` } } },
        querySerializer: formStyle,
      }),
      200,
    );
    assert.ok(byWildcard.some((row) => row.id === user.id));

    ok(
      await api.POST('/api/users/{userId}/password/verify', {
        params: { path: { userId: user.id } },
        body: { password: 'Correct-Horse-9-battery' },
      }),
      204,
    );
    const wrong = await api.POST('/api/users/{userId}/password/verify', {
      params: { path: { userId: user.id } },
      body: { password: 'nope-nope-nope' },
    });
    assert.equal(wrong.response.status, 422);

    const role = ok(
      await api.POST('/api/roles', { body: { name: `reader-${newId(6)}`, description: 'reads' } }),
      200,
    );
    ok(
      await api.POST('/api/users/{userId}/roles', {
        params: { path: { userId: user.id } },
        body: { roleIds: [role.id] },
      }),
      201,
    );
    const roles = ok(
      await api.GET('/api/users/{userId}/roles', { params: { path: { userId: user.id } } }),
      200,
    );
    assert.deepEqual(
      roles.map((r) => r.id),
      [role.id],
    );
    hasMembers(roles[0], ROLE);
    ok(
      await api.PUT('/api/users/{userId}/roles', {
        params: { path: { userId: user.id } },
        body: { roleIds: [] },
      }),
      200,
    );
    ok(await api.DELETE('/api/users/{userId}', { params: { path: { userId: user.id } } }), 204);
    assert.equal(
      (await api.GET('/api/users/{userId}', { params: { path: { userId: user.id } } })).response.status,
      404,
    );
  });

  it('drives roles: create, scopes, users, applications', async () => {
    const resource = ok(
      await api.POST('/api/resources', {
        body: { name: 'Orders', indicator: `https://orders-${newId(6)}.example.com` },
      }),
      201,
    );
    const scope = ok(
      await api.POST('/api/resources/{resourceId}/scopes', {
        params: { path: { resourceId: resource.id } },
        body: { name: 'orders:read', description: 'read' },
      }),
      201,
    );
    const role = ok(
      await api.POST('/api/roles', {
        body: { name: `clerk-${newId(6)}`, description: 'clerk', scopeIds: [scope.id] },
      }),
      200,
    );
    hasMembers(role, ROLE);
    const scopes = ok(await api.GET('/api/roles/{id}/scopes', { params: { path: { id: role.id } } }), 200);
    assert.deepEqual(
      scopes.map((s) => s.id),
      [scope.id],
    );
    hasMembers(scopes[0], [...SCOPE, 'resource']);
    const second = ok(
      await api.POST('/api/resources/{resourceId}/scopes', {
        params: { path: { resourceId: resource.id } },
        body: { name: 'orders:write', description: 'write' },
      }),
      201,
    );
    ok(
      await api.POST('/api/roles/{id}/scopes', {
        params: { path: { id: role.id } },
        body: { scopeIds: [second.id] },
      }),
      200,
    );
    ok(
      await api.DELETE('/api/roles/{id}/scopes/{scopeId}', {
        params: { path: { id: role.id, scopeId: second.id } },
      }),
      204,
    );

    const user = ok(await api.POST('/api/users', { body: { username: `clerk_${newId(6)}` } }), 200);
    ok(
      await api.POST('/api/roles/{id}/users', {
        params: { path: { id: role.id } },
        body: { userIds: [user.id] },
      }),
      201,
    );
    const users = ok(await api.GET('/api/roles/{id}/users', { params: { path: { id: role.id } } }), 200);
    assert.deepEqual(
      users.map((u) => u.id),
      [user.id],
    );
    hasMembers(users[0], USER);
    ok(
      await api.DELETE('/api/roles/{id}/users/{userId}', {
        params: { path: { id: role.id, userId: user.id } },
      }),
      204,
    );

    const m2mRole = ok(
      await api.POST('/api/roles', {
        body: { name: `robot-${newId(6)}`, description: 'robots', type: 'MachineToMachine' },
      }),
      200,
    );
    assert.equal(m2mRole.type, 'MachineToMachine');
    const robot = ok(
      await api.POST('/api/applications', { body: { name: 'robot', type: 'MachineToMachine' } }),
      200,
    );
    ok(
      await api.POST('/api/roles/{id}/applications', {
        params: { path: { id: m2mRole.id } },
        body: { applicationIds: [robot.id] },
      }),
      201,
    );
    const apps = ok(
      await api.GET('/api/roles/{id}/applications', { params: { path: { id: m2mRole.id } } }),
      200,
    );
    assert.deepEqual(
      apps.map((a) => a.id),
      [robot.id],
    );
    hasMembers(apps[0], APPLICATION);
    ok(
      await api.DELETE('/api/roles/{id}/applications/{applicationId}', {
        params: { path: { id: m2mRole.id, applicationId: robot.id } },
      }),
      204,
    );
    const patched = ok(
      await api.PATCH('/api/roles/{id}', {
        params: { path: { id: role.id } },
        body: { description: 'front desk', isDefault: true },
      }),
      200,
    );
    assert.equal(patched.isDefault, true);
    ok(await api.DELETE('/api/roles/{id}', { params: { path: { id: role.id } } }), 204);
  });

  it('drives resources: create, scopes, is-default', async () => {
    const resource = ok(
      await api.POST('/api/resources', {
        body: { name: 'Billing', indicator: `https://billing-${newId(6)}.example.com`, accessTokenTtl: 600 },
      }),
      201,
    );
    hasMembers(resource, RESOURCE);
    assert.equal(resource.accessTokenTtl, 600);
    const scope = ok(
      await api.POST('/api/resources/{resourceId}/scopes', {
        params: { path: { resourceId: resource.id } },
        body: { name: 'invoices:read' },
      }),
      201,
    );
    hasMembers(scope, SCOPE);
    const listed = ok(
      await api.GET('/api/resources/{resourceId}/scopes', { params: { path: { resourceId: resource.id } } }),
      200,
    );
    assert.deepEqual(
      listed.map((s) => s.name),
      ['invoices:read'],
    );
    ok(
      await api.PATCH('/api/resources/{resourceId}/scopes/{scopeId}', {
        params: { path: { resourceId: resource.id, scopeId: scope.id } },
        body: { description: 'read invoices' },
      }),
      200,
    );
    const isDefault = ok(
      await api.PATCH('/api/resources/{id}/is-default', {
        params: { path: { id: resource.id } },
        body: { isDefault: true },
      }),
      200,
    );
    assert.equal(isDefault.isDefault, true);
    hasMembers(isDefault, RESOURCE);
    const all = ok(await api.GET('/api/resources', {}), 200);
    assert.ok(all.some((r) => r.id === resource.id && r.isDefault));
    ok(
      await api.DELETE('/api/resources/{resourceId}/scopes/{scopeId}', {
        params: { path: { resourceId: resource.id, scopeId: scope.id } },
      }),
      204,
    );
    ok(await api.DELETE('/api/resources/{id}', { params: { path: { id: resource.id } } }), 204);
  });

  it('drives applications: create, secrets, custom data, roles of a machine-to-machine app', async () => {
    const app = ok(
      await api.POST('/api/applications', {
        body: {
          name: 'Shop',
          type: 'Traditional',
          oidcClientMetadata: {
            redirectUris: uris('https://shop.example.com/cb'),
            postLogoutRedirectUris: [],
          },
        },
      }),
      200,
    );
    hasMembers(app, APPLICATION);
    hasMembers(
      ok(await api.GET('/api/applications/{id}', { params: { path: { id: app.id } } }), 200),
      APPLICATION,
    );
    const secret = ok(
      await api.POST('/api/applications/{id}/secrets', {
        params: { path: { id: app.id } },
        body: { name: 'rotation-1', expiresAt: Date.now() + 86_400_000 },
      }),
      201,
    );
    hasMembers(secret, [...SECRET, 'value']);
    const secrets = ok(
      await api.GET('/api/applications/{id}/secrets', { params: { path: { id: app.id } } }),
      200,
    );
    assert.deepEqual(
      secrets.map((s) => s.name),
      ['Default secret', 'rotation-1'],
    );
    hasMembers(secrets[1], [...SECRET, 'value']);
    assert.equal(secrets[1]!.value, secret.value, 'an administrator reads the value again, as in Logto');
    ok(
      await api.DELETE('/api/applications/{id}/secrets/{name}', {
        params: { path: { id: app.id, name: 'rotation-1' } },
      }),
      204,
    );

    // Zero-downtime rotation: the migration script's own client authenticates with a named secret.
    const rotated = ok(
      await api.POST('/api/applications/{id}/secrets', {
        params: { path: { id: m2m.id } },
        body: { name: `rotation-${newId(6)}` },
      }),
      201,
    );
    const rotatedApi = clientWith(rotated.value);
    ok(await rotatedApi.GET('/api/applications/{id}', { params: { path: { id: m2m.id } } }), 200);
    ok(
      await api.DELETE('/api/applications/{id}/secrets/{name}', {
        params: { path: { id: m2m.id, name: rotated.name } },
      }),
      204,
    );
    const revokedApi = clientWith(rotated.value);
    await assert.rejects(revokedApi.GET('/api/users'), /Failed to fetch access token: 401/);

    const customData = ok(
      await api.PATCH('/api/applications/{applicationId}/custom-data', {
        params: { path: { applicationId: app.id } },
        body: { tier: 'gold' },
      }),
      200,
    );
    assert.deepEqual(customData, { tier: 'gold' });

    const robot = ok(
      await api.POST('/api/applications', { body: { name: 'Robot', type: 'MachineToMachine' } }),
      200,
    );
    // Logto's client-credentials set-up: the new app's `Default secret` authenticates at /oidc/token.
    const [robotSecret] = ok(
      await api.GET('/api/applications/{id}/secrets', { params: { path: { id: robot.id } } }),
      200,
    );
    assert.equal(robotSecret?.name, 'Default secret');
    const token = await clientCredentials(
      t.baseUrl,
      { id: robot.id, secret: robotSecret.value },
      { resource: t.config.managementApiIndicator },
    );
    assert.equal(token.status, 200);
    const role = ok(
      await api.POST('/api/roles', {
        body: { name: `robots-${newId(6)}`, description: 'robots', type: 'MachineToMachine' },
      }),
      200,
    );
    ok(
      await api.POST('/api/applications/{applicationId}/roles', {
        params: { path: { applicationId: robot.id } },
        body: { roleIds: [role.id] },
      }),
      201,
    );
    const roles = ok(
      await api.GET('/api/applications/{applicationId}/roles', {
        params: { path: { applicationId: robot.id } },
      }),
      200,
    );
    assert.deepEqual(
      roles.map((r) => r.id),
      [role.id],
    );
    ok(
      await api.PUT('/api/applications/{applicationId}/roles', {
        params: { path: { applicationId: robot.id } },
        body: { roleIds: [] },
      }),
      200,
    );
    ok(await api.DELETE('/api/applications/{id}', { params: { path: { id: app.id } } }), 204);
  });

  it('pages the organization lists by default, 20 a page, as Logto does', async () => {
    const tag = newId(6);
    const robot = await apiOk<{ id: string }>(t, 'POST', '/applications', {
      name: `member-${tag}`,
      type: 'MachineToMachine',
    });
    const organizations: string[] = [];
    for (let index = 0; index < 25; index++) {
      const created = await apiOk<{ id: string }>(t, 'POST', '/organizations', {
        name: `org-${tag}-${index}`,
      });
      await apiOk(t, 'POST', `/organizations/${created.id}/applications`, { applicationIds: [robot.id] });
      await apiOk(t, 'POST', '/organization-roles', { name: `org-role-${tag}-${index}` });
      organizations.push(created.id);
    }

    const first = await api.GET('/api/organizations', {});
    assert.equal(ok(first, 200).length, 20);
    assert.ok(Number(first.response.headers.get('Total-Number')) >= 25);
    assert.match(first.response.headers.get('Link') ?? '', /rel="next"/);
    assert.equal(ok(await api.GET('/api/organization-roles', {}), 200).length, 20);
    const searched = await api.GET('/api/organizations', { params: { query: { q: `org-${tag}-` } } });
    assert.equal(ok(searched, 200).length, 20);
    assert.equal(searched.response.headers.get('Total-Number'), '25');

    // The organizations of an application page only when asked, as Logto's.
    const path = { params: { path: { id: robot.id } } };
    assert.equal(ok(await api.GET('/api/applications/{id}/organizations', path), 200).length, 25);
    const second = await api.GET('/api/applications/{id}/organizations', {
      params: { path: { id: robot.id }, query: { page: 2, page_size: 10 } },
    });
    assert.equal(ok(second, 200).length, 10);
    assert.equal(second.response.headers.get('Total-Number'), '25');

    // An organization's applications are whole application objects, with their roles there.
    const members = ok(
      await api.GET('/api/organizations/{id}/applications', { params: { path: { id: organizations[0]! } } }),
      200,
    );
    assert.equal(members.length, 1);
    hasMembers(members[0], [...APPLICATION, 'organizationRoles']);
    assert.equal(members[0]!.id, robot.id);
  });

  it('filters roles a user or an application holds, and searches a role’s applications', async () => {
    const tag = newId(6);
    const role = async (name: string, type: 'User' | 'MachineToMachine') =>
      ok(await api.POST('/api/roles', { body: { name: `${name}-${tag}`, description: name, type } }), 200);
    const held = await role('held', 'User');
    const free = await role('free', 'User');
    const user = await apiOk<{ id: string }>(t, 'POST', '/users', { username: `holder_${tag}` });
    await apiOk(t, 'POST', `/users/${user.id}/roles`, { roleIds: [held.id] });
    const forUser = ok(await api.GET('/api/roles', { params: { query: { excludeUserId: user.id } } }), 200);
    assert.ok(forUser.some((r) => r.id === free.id));
    assert.ok(!forUser.some((r) => r.id === held.id));

    const robotRole = await role('robot', 'MachineToMachine');
    const otherRole = await role('other', 'MachineToMachine');
    const app = async (name: string) =>
      apiOk<{ id: string }>(t, 'POST', '/applications', { name: `${name}-${tag}`, type: 'MachineToMachine' });
    const billing = await app('billing');
    const shipping = await app('shipping');
    for (const { id } of [billing, shipping]) {
      await apiOk(t, 'POST', `/applications/${id}/roles`, { roleIds: [robotRole.id] });
    }
    const forApp = ok(
      await api.GET('/api/roles', {
        params: { query: { excludeApplicationId: billing.id, type: 'MachineToMachine' } },
      }),
      200,
    );
    assert.ok(forApp.some((r) => r.id === otherRole.id));
    assert.ok(!forApp.some((r) => r.id === robotRole.id));

    const holders = { params: { path: { id: robotRole.id } } };
    assert.equal(ok(await api.GET('/api/roles/{id}/applications', holders), 200).length, 2);
    const found = ok(
      await api.GET('/api/roles/{id}/applications', {
        params: { path: { id: robotRole.id }, query: { search_params: { search: `%ship%` } } },
        querySerializer: formStyle,
      }),
      200,
    );
    assert.deepEqual(
      found.map((a) => a.id),
      [shipping.id],
    );
  });

  it('echoes only the custom client metadata set, and shows the password digest when asked', async () => {
    const app = ok(await api.POST('/api/applications', { body: { name: 'plain', type: 'SPA' } }), 200);
    assert.deepEqual(app.customClientMetadata, {});
    const user = ok(
      await api.POST('/api/users', {
        body: { username: `digest_${newId(6)}`, password: 'Correct-Horse-9-battery' },
      }),
      200,
    );
    const userId = { userId: user.id };
    const plain = ok(await api.GET('/api/users/{userId}', { params: { path: userId } }), 200);
    assert.equal('passwordDigest' in plain, false);
    assert.equal('ssoIdentities' in plain, false);
    const detailed = ok(
      await api.GET('/api/users/{userId}', {
        params: { path: userId, query: { includePasswordHash: 'true', includeSsoIdentities: '1' } },
      }),
      200,
    );
    assert.match(detailed.passwordDigest ?? '', /^\$argon2id\$/);
    assert.equal(detailed.passwordAlgorithm, 'Argon2id');
    assert.deepEqual(detailed.ssoIdentities, []);
  });

  it('drives hooks: create, test, update, delete', async () => {
    const hook = ok(
      await api.POST('/api/hooks', {
        body: { name: 'Sync', events: ['User.Created'], config: { url: receiver.url } },
      }),
      201,
    );
    hasMembers(hook, HOOK);
    const before = receiver.requests.length;
    ok(
      await api.POST('/api/hooks/{id}/test', {
        params: { path: { id: hook.id } },
        body: { events: ['User.Created'], config: { url: receiver.url } },
      }),
      204,
    );
    assert.equal(receiver.requests.length, before + 1);
    const updated = ok(
      await api.PATCH('/api/hooks/{id}', {
        params: { path: { id: hook.id } },
        body: { name: 'Sync users', events: ['User.Created', 'User.Deleted'] },
      }),
      200,
    );
    hasMembers(updated, HOOK);
    assert.deepEqual([...updated.events].sort(), ['User.Created', 'User.Deleted']);
    hasMembers(ok(await api.GET('/api/hooks/{id}', { params: { path: { id: hook.id } } }), 200), HOOK);
    ok(await api.DELETE('/api/hooks/{id}', { params: { path: { id: hook.id } } }), 204);
    assert.equal(
      (await api.GET('/api/hooks/{id}', { params: { path: { id: hook.id } } })).response.status,
      404,
    );
  });
});

import assert from 'node:assert/strict';
import { newId } from '../../src/storage/ids.js';
import type { ApplicationType } from '../../src/storage/tables/core.js';
import type { TestService } from '../support/service.js';

export interface TestApplication {
  id: string;
  type: ApplicationType;
  secret: string;
  redirectUri: string;
}

/** A management API call that must succeed; returns the body. */
async function create<T>(t: TestService, method: string, path: string, body: unknown): Promise<T> {
  const response = await t.api<T>(method, path, body);
  assert.ok(response.status < 300, `${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export async function createApplication(
  t: TestService,
  type: ApplicationType,
  options: { redirectUri?: string; isThirdParty?: boolean } = {},
): Promise<TestApplication> {
  const redirectUri = options.redirectUri ?? `${t.baseUrl}/test-callback/${type.toLowerCase()}`;
  const app = await create<{ id: string; secret: string }>(t, 'POST', '/applications', {
    name: `${type} test app`,
    type,
    isThirdParty: options.isThirdParty ?? false,
    oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] },
  });
  return { id: app.id, type, secret: app.secret, redirectUri };
}

export async function createUser(t: TestService, password: string, email?: string) {
  const username = `user_${newId(8)}`;
  const user = await create<{ id: string }>(t, 'POST', '/users', {
    username,
    password,
    ...(email ? { primaryEmail: email } : {}),
  });
  return { id: user.id, username, email };
}

/** Through the management API, which also revokes the user's grants. */
export async function suspendThroughApi(t: TestService, userId: string, isSuspended: boolean) {
  await create(t, 'PATCH', `/users/${userId}/is-suspended`, { isSuspended });
}

/** Directly in the table: what oidc-provider's account lookup alone must enforce. */
export async function markSuspended(t: TestService, userId: string, suspended: boolean) {
  await t.service.storage.db
    .updateTable('users')
    .set({ is_suspended: suspended })
    .where('id', '=', userId)
    .execute();
}

/** An API resource with `read` and `write`, and one user role per scope. */
export async function createResourceWithRoles(t: TestService) {
  const indicator = `https://api-${newId(8)}.example.com`;
  const resource = await create<{ id: string }>(t, 'POST', '/resources', { name: 'Orders', indicator });
  const roles = { read: '', write: '' };
  for (const name of ['read', 'write'] as const) {
    const scope = await create<{ id: string }>(t, 'POST', `/resources/${resource.id}/scopes`, { name });
    const role = await create<{ id: string }>(t, 'POST', '/roles', {
      name: `${name}-${newId(8)}`,
      description: `may ${name}`,
      scopeIds: [scope.id],
    });
    roles[name] = role.id;
  }
  return { indicator, roles };
}

export async function assignRole(t: TestService, userId: string, roleId: string) {
  await create(t, 'POST', `/users/${userId}/roles`, { roleIds: [roleId] });
}

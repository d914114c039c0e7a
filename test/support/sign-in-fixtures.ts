import { newId } from '../../src/storage/ids.js';
import type { ApplicationType } from '../../src/storage/tables/core.js';
import { apiOk } from './http.js';
import type { TestService } from './service.js';

/** What a sign-in needs, created through the management API. */
export interface TestApplication {
  id: string;
  type: ApplicationType;
  secret: string;
  redirectUri: string;
}

export async function createApplication(
  t: TestService,
  type: ApplicationType,
  options: {
    name?: string;
    redirectUri?: string;
    postLogoutRedirectUris?: string[];
    isThirdParty?: boolean;
    customClientMetadata?: Record<string, unknown>;
  } = {},
): Promise<TestApplication> {
  const redirectUri = options.redirectUri ?? `${t.baseUrl}/test-callback/${type.toLowerCase()}-${newId(6)}`;
  const app = await apiOk<{ id: string; secret: string }>(t, 'POST', '/applications', {
    name: options.name ?? `${type} test app`,
    type,
    isThirdParty: options.isThirdParty ?? false,
    oidcClientMetadata: {
      redirectUris: [redirectUri],
      postLogoutRedirectUris: options.postLogoutRedirectUris ?? [],
    },
    ...(options.customClientMetadata ? { customClientMetadata: options.customClientMetadata } : {}),
  });
  return { id: app.id, type, secret: app.secret, redirectUri };
}

export async function createUser(t: TestService, password: string, email?: string) {
  const username = `user_${newId(8)}`;
  const user = await apiOk<{ id: string }>(t, 'POST', '/users', {
    username,
    password,
    ...(email ? { primaryEmail: email } : {}),
  });
  return { id: user.id, username, email };
}

/** An API resource with `read` and `write`, and one role of `type` per scope. */
export async function createResourceWithRoles(t: TestService, type: 'User' | 'MachineToMachine' = 'User') {
  const indicator = `https://api-${newId(8)}.example.com`;
  const resource = await apiOk<{ id: string }>(t, 'POST', '/resources', { name: 'Orders', indicator });
  const roles = { read: '', write: '' };
  for (const name of ['read', 'write'] as const) {
    const scope = await apiOk<{ id: string }>(t, 'POST', `/resources/${resource.id}/scopes`, { name });
    const role = await apiOk<{ id: string }>(t, 'POST', '/roles', {
      name: `${name}-${newId(8)}`,
      description: `may ${name}`,
      type,
      scopeIds: [scope.id],
    });
    roles[name] = role.id;
  }
  return { id: resource.id, indicator, roles };
}

export async function assignRoles(t: TestService, userId: string, ...roleIds: string[]) {
  await apiOk(t, 'POST', `/users/${userId}/roles`, { roleIds });
}

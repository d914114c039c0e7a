import { newId, newSecret } from '../../src/storage/ids.js';
import { json } from '../../src/storage/json.js';
import type { ApplicationType } from '../../src/storage/tables/core.js';
import { hashPassword } from '../../src/users/passwords.js';
import type { TestService } from '../support/service.js';

export interface TestApplication {
  id: string;
  type: ApplicationType;
  secret: string;
  redirectUri: string;
}

// Fixtures are written with Kysely until the management routes for them exist.
export async function createApplication(
  t: TestService,
  type: ApplicationType,
  options: { redirectUri?: string; isThirdParty?: boolean } = {},
): Promise<TestApplication> {
  const app = {
    id: newId(),
    type,
    secret: newSecret(),
    redirectUri: options.redirectUri ?? `${t.baseUrl}/test-callback/${type.toLowerCase()}`,
  };
  await t.service.storage.db
    .insertInto('applications')
    .values({
      id: app.id,
      name: `${type} test app`,
      description: null,
      type,
      secret: app.secret,
      is_third_party: options.isThirdParty ?? false,
      oidc_client_metadata: json({ redirectUris: [app.redirectUri], postLogoutRedirectUris: [] }),
      custom_client_metadata: json({}),
      custom_data: json({}),
    })
    .execute();
  return app;
}

export async function createUser(t: TestService, password: string, email?: string) {
  const id = newId();
  const username = `user_${newId(8)}`;
  await t.service.storage.db
    .insertInto('users')
    .values({
      id,
      username,
      primary_email: email ?? null,
      primary_phone: null,
      name: null,
      avatar: null,
      password_hash: await hashPassword(password),
      profile: json({}),
      custom_data: json({}),
      identities: json({}),
      application_id: null,
    })
    .execute();
  return { id, username, email };
}

export async function setSuspended(t: TestService, userId: string, suspended: boolean) {
  await t.service.storage.db
    .updateTable('users')
    .set({ is_suspended: suspended })
    .where('id', '=', userId)
    .execute();
}

/** An API resource with `read` and `write`, and one user role per scope. */
export async function createResourceWithRoles(t: TestService) {
  const db = t.service.storage.db;
  const resourceId = newId();
  const indicator = `https://api-${resourceId}.example.com`;
  await db
    .insertInto('resources')
    .values({ id: resourceId, name: `API ${resourceId}`, indicator, access_token_ttl: 600 })
    .execute();
  const roles: Record<'read' | 'write', string> = { read: newId(), write: newId() };
  for (const [name, roleId] of Object.entries(roles)) {
    const scopeId = newId();
    await db
      .insertInto('scopes')
      .values({ id: scopeId, resource_id: resourceId, name, description: null })
      .execute();
    await db
      .insertInto('roles')
      .values({ id: roleId, name: `${name}-${roleId}`, description: name, type: 'User' })
      .execute();
    await db.insertInto('roles_scopes').values({ role_id: roleId, scope_id: scopeId }).execute();
  }
  return { indicator, roles };
}

export async function assignRole(t: TestService, userId: string, roleId: string) {
  await t.service.storage.db.insertInto('users_roles').values({ user_id: userId, role_id: roleId }).execute();
}

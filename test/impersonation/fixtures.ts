import assert from 'node:assert/strict';
import { importJWK, SignJWT, type JWTPayload } from 'jose';
import { loadSigningKeys } from '../../src/oidc/signing-keys.js';
import { newId } from '../../src/storage/ids.js';
import type { TestService } from '../support/service.js';

export const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

function expectOk(response: { status: number; body: unknown }): void {
  assert.ok(
    response.status >= 200 && response.status < 300,
    `${response.status} ${JSON.stringify(response.body)}`,
  );
}

export interface TestApplication {
  id: string;
  secret: string;
  type: string;
}

/** An application through the management API (201 expected). */
export async function createApplication(
  t: TestService,
  type: 'SPA' | 'Native' | 'Traditional' | 'MachineToMachine',
  options: { allowTokenExchange?: boolean; isThirdParty?: boolean } = {},
): Promise<TestApplication> {
  const interactive = type !== 'MachineToMachine';
  const response = await t.api<TestApplication>('POST', '/applications', {
    name: `${type} ${newId(6)}`,
    type,
    isThirdParty: options.isThirdParty ?? false,
    ...(interactive ? { oidcClientMetadata: { redirectUris: ['http://127.0.0.1/callback'] } } : {}),
    customClientMetadata: { allowTokenExchange: options.allowTokenExchange ?? true },
  });
  expectOk(response);
  return response.body;
}

export interface TestResource {
  id: string;
  indicator: string;
  scopeIds: Record<string, string>;
}

export async function createResource(
  t: TestService,
  scopes: string[],
  accessTokenTtl = 900,
): Promise<TestResource> {
  const indicator = `https://api-${newId(8)}.example.com`;
  const created = await t.api<{ id: string }>('POST', '/resources', {
    name: 'API',
    indicator,
    accessTokenTtl,
  });
  expectOk(created);
  const scopeIds: Record<string, string> = {};
  for (const name of scopes) {
    const scope = await t.api<{ id: string }>('POST', `/resources/${created.body.id}/scopes`, { name });
    expectOk(scope);
    scopeIds[name] = scope.body.id;
  }
  return { id: created.body.id, indicator, scopeIds };
}

/** A user holding `scopeIds` through one new role. */
export async function createUser(
  t: TestService,
  scopeIds: string[] = [],
  password?: string,
): Promise<string> {
  const user = await t.api<{ id: string }>('POST', '/users', {
    username: `user_${newId(8)}`,
    ...(password ? { password } : {}),
  });
  expectOk(user);
  if (scopeIds.length > 0) {
    const role = await t.api<{ id: string }>('POST', '/roles', {
      name: `role ${newId(8)}`,
      description: 'test role',
      scopeIds,
    });
    expectOk(role);
    const assigned = await t.api('POST', `/users/${user.body.id}/roles`, { roleIds: [role.body.id] });
    expectOk(assigned);
  }
  return user.body.id;
}

export async function issueSubjectToken(
  t: TestService,
  userId: string,
  context?: Record<string, unknown>,
): Promise<string> {
  const response = await t.api<{ subjectToken: string; expiresIn: number }>('POST', '/subject-tokens', {
    userId,
    ...(context ? { context } : {}),
  });
  expectOk(response);
  return response.body.subjectToken;
}

/** A raw token-exchange request: Basic for confidential apps, client_id in the body for public ones. */
export async function exchange(
  baseUrl: string,
  app: { id: string; secret?: string; type: string },
  params: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const isPublic = app.type === 'SPA' || app.type === 'Native';
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (!isPublic) headers.authorization = `Basic ${Buffer.from(`${app.id}:${app.secret}`).toString('base64')}`;
  const response = await fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers,
    body: new URLSearchParams({
      grant_type: TOKEN_EXCHANGE,
      subject_token_type: ACCESS_TOKEN_TYPE,
      ...(isPublic ? { client_id: app.id } : {}),
      ...params,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * A JWT access token signed with the service's own key, shaped as oidc-provider shapes one.
 * Stands in for a user's access token while the sign-in flow is not available to tests.
 */
export async function mintAccessToken(t: TestService, claims: JWTPayload, expiresIn = 600): Promise<string> {
  const [key] = await loadSigningKeys(t.service.storage.db);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ jti: newId(), client_id: 'some-app', iss: t.config.issuer, ...claims })
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: key!.kid })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(await importJWK(key!.privateJwk, 'ES256'));
}

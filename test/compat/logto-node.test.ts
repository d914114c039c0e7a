import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LogtoRequestError, UserScope } from '@logto/node';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { apiOk, json } from '../support/http.js';
import { Browser } from '../support/oidc-browser.js';
import { signInWithPassword } from '../support/oidc-sign-in.js';
import { logtoSdk } from '../support/logto-sdk.js';
import { startTestService, type TestService } from '../support/service.js';
import {
  assignRoles,
  createApplication,
  createResourceWithRoles,
  createUser,
  type TestApplication,
} from '../support/sign-in-fixtures.js';

/**
 * Logto's own Node SDK against Tessera: a Traditional web app configured with an API resource and
 * the organization scopes signs a user in through the Experience API, then reads user info, a
 * resource token and organization tokens, all through the SDK's public methods.
 */

const ORGANIZATION_RESOURCE = 'urn:logto:resource:organizations';

function sdkFor(t: TestService, app: TestApplication, resource: string, scopes: string[]) {
  return logtoSdk(t, app, { resources: [resource], scopes });
}

async function signInWithSdk(
  t: TestService,
  sdk: ReturnType<typeof sdkFor>,
  app: TestApplication,
  user: { username: string },
  password: string,
) {
  await sdk.client.signIn(app.redirectUri);
  const authorizationUrl = sdk.navigations.at(-1)!;
  const browser = new Browser();
  await browser.followUntil(authorizationUrl, `${t.config.baseUrl}/sign-in`);
  const redirectTo = await signInWithPassword(t, browser, user.username, password);
  const callback = await browser.followUntil(redirectTo, app.redirectUri);
  await sdk.client.handleSignInCallback(callback.href);
  return authorizationUrl;
}

async function organizationWithRole(t: TestService, scopeNames: string[]) {
  const scopeIds: string[] = [];
  for (const name of scopeNames) {
    scopeIds.push((await apiOk<{ id: string }>(t, 'POST', '/organization-scopes', { name })).id);
  }
  const role = await apiOk<{ id: string; name: string }>(t, 'POST', '/organization-roles', {
    name: `member-${scopeNames.join('-')}`,
    organizationScopeIds: scopeIds,
  });
  const organization = await apiOk<{ id: string }>(t, 'POST', '/organizations', { name: 'Acme' });
  return { organizationId: organization.id, role };
}

async function addMember(t: TestService, organizationId: string, userId: string, roleIds: string[]) {
  await apiOk(t, 'POST', `/organizations/${organizationId}/users`, { userIds: [userId] });
  if (roleIds.length > 0) {
    await apiOk(t, 'POST', `/organizations/${organizationId}/users/${userId}/roles`, {
      organizationRoleIds: roleIds,
    });
  }
}

describe('@logto/node against Tessera', async () => {
  const t = await startTestService();
  const password = 'correct horse battery staple';
  const app = await createApplication(t, 'Traditional');
  const { indicator, roles } = await createResourceWithRoles(t);
  const { organizationId, role } = await organizationWithRole(t, ['read:docs', 'invite:members']);
  const other = await apiOk<{ id: string }>(t, 'POST', '/organizations', { name: 'Elsewhere' });
  const jwks = createLocalJWKSet(await json(await fetch(`${t.config.issuer}/jwks`)));
  const scopes = [UserScope.Email, UserScope.Organizations, UserScope.OrganizationRoles, 'read', 'read:docs'];

  it('signs in with a resource and the organization scopes, then reads user info', async () => {
    const user = await createUser(t, password, `sdk-${Date.now()}@example.com`);
    await assignRoles(t, user.id, roles.read);
    await addMember(t, organizationId, user.id, [role.id]);
    const sdk = sdkFor(t, app, indicator, scopes);

    const authorizationUrl = new URL(await signInWithSdk(t, sdk, app, user, password));
    assert.deepEqual(authorizationUrl.searchParams.getAll('resource'), [indicator, ORGANIZATION_RESOURCE]);
    assert.equal(await sdk.client.isAuthenticated(), true);

    const idClaims = await sdk.client.getIdTokenClaims();
    assert.equal(idClaims.sub, user.id);
    assert.deepEqual(idClaims.organizations, [organizationId]);
    assert.deepEqual(idClaims.organization_roles, [`${organizationId}:${role.name}`]);

    const info = await sdk.client.fetchUserInfo();
    assert.equal(info.sub, user.id);
    assert.equal(info.email, user.email);
    assert.deepEqual(info.organizations, [organizationId]);
    assert.deepEqual(info.organization_roles, [`${organizationId}:${role.name}`]);
  });

  it('gives a JWT for the resource and organization tokens for the member organizations', async () => {
    const user = await createUser(t, password);
    await assignRoles(t, user.id, roles.read);
    await addMember(t, organizationId, user.id, [role.id]);
    const sdk = sdkFor(t, app, indicator, scopes);
    await signInWithSdk(t, sdk, app, user, password);

    const resourceToken = await sdk.client.getAccessToken(indicator);
    const resourceClaims = (
      await jwtVerify(resourceToken, jwks, { issuer: t.config.issuer, audience: indicator })
    ).payload;
    assert.equal(resourceClaims.sub, user.id);
    assert.equal(resourceClaims.scope, 'read');

    const organizationToken = await sdk.client.getOrganizationToken(organizationId);
    const { payload } = await jwtVerify(organizationToken, jwks, {
      issuer: t.config.issuer,
      audience: `urn:logto:organization:${organizationId}`,
    });
    assert.equal(payload.sub, user.id);
    assert.equal(payload.organization_id, organizationId);
    // Granted at sign-in and held through the organization role; `invite:members` was not asked for.
    assert.equal(payload.scope, 'read:docs');

    // The user info still answers once the SDK holds several tokens.
    assert.equal((await sdk.client.fetchUserInfo()).sub, user.id);
  });

  it("follows the user's organization roles at each organization token", async () => {
    const user = await createUser(t, password);
    await addMember(t, organizationId, user.id, []);
    const sdk = sdkFor(t, app, indicator, scopes);
    await signInWithSdk(t, sdk, app, user, password);

    const bare = decodeJwt(await sdk.client.getOrganizationToken(organizationId));
    assert.equal(bare.aud, `urn:logto:organization:${organizationId}`);
    assert.equal(bare.scope, undefined, 'no organization scope without a role');

    await apiOk(t, 'POST', `/organizations/${organizationId}/users/${user.id}/roles`, {
      organizationRoleIds: [role.id],
    });
    await sdk.client.clearAccessToken();
    assert.equal(decodeJwt(await sdk.client.getOrganizationToken(organizationId)).scope, 'read:docs');
  });

  it("refuses an organization token for an organization the user is not a member of (Logto's error)", async () => {
    const user = await createUser(t, password);
    const sdk = sdkFor(t, app, indicator, scopes);
    await signInWithSdk(t, sdk, app, user, password);
    assert.deepEqual((await sdk.client.getIdTokenClaims()).organizations, []);

    for (const id of [other.id, 'no-such-organization']) {
      await assert.rejects(sdk.client.getOrganizationToken(id), (error: unknown) => {
        assert.ok(error instanceof LogtoRequestError, String(error));
        assert.equal(error.code, 'oidc.access_denied');
        assert.equal(error.cause?.status, 403);
        return true;
      });
    }
  });

  it('gives API scopes of organization roles only to a token for that organization', async () => {
    const { id: resourceId, indicator: api, roles: apiRoles } = await createResourceWithRoles(t);
    const writeScope = (
      await apiOk<{ id: string; name: string }[]>(t, 'GET', `/resources/${resourceId}/scopes`)
    ).find((scope) => scope.name === 'write')!;
    const orgRole = await apiOk<{ id: string }>(t, 'POST', '/organization-roles', {
      name: `writer-${Date.now()}`,
      resourceScopeIds: [writeScope.id],
    });
    const user = await createUser(t, password);
    await assignRoles(t, user.id, apiRoles.read);
    await addMember(t, organizationId, user.id, [orgRole.id]);
    const sdk = sdkFor(t, app, api, [...scopes, 'write']);
    await signInWithSdk(t, sdk, app, user, password);

    const global = decodeJwt(await sdk.client.getAccessToken(api));
    assert.equal(global.scope, 'read', 'an organization role gives nothing outside its organization');

    const refreshed = await fetch(`${t.config.issuer}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${app.id}:${app.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: (await sdk.client.getRefreshToken())!,
        resource: api,
        organization_id: organizationId,
      }),
    });
    assert.equal(refreshed.status, 200);
    const { payload } = await jwtVerify((await json(refreshed)).access_token, jwks, {
      issuer: t.config.issuer,
      audience: api,
    });
    assert.equal(payload.scope, 'write');
    assert.equal(payload.organization_id, organizationId);
  });

  it('refuses an organization token to a sign-in without the organizations scope', async () => {
    const user = await createUser(t, password);
    await addMember(t, organizationId, user.id, [role.id]);
    const sdk = sdkFor(t, app, indicator, [UserScope.Email]);
    await signInWithSdk(t, sdk, app, user, password);
    assert.equal((await sdk.client.getIdTokenClaims()).organizations, undefined);

    const refreshToken = await sdk.client.getRefreshToken();
    const response = await fetch(`${t.config.issuer}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${app.id}:${app.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken!,
        organization_id: organizationId,
      }),
    });
    assert.equal(response.status, 403);
    assert.equal((await json(response)).error, 'insufficient_scope');
  });
});

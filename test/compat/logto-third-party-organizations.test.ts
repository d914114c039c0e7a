import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type LogtoClient from '@logto/node';
import { UserScope } from '@logto/node';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { newId } from '../../src/storage/ids.js';
import { apiOk, json } from '../support/http.js';
import { Browser } from '../support/oidc-browser.js';
import { signInWithPassword } from '../support/oidc-sign-in.js';
import { logtoSdk } from '../support/logto-sdk.js';
import { startTestService, type TestService } from '../support/service.js';
import { createApplication, createUser, type TestApplication } from '../support/sign-in-fixtures.js';

/**
 * A third-party application acts only in the organizations the user consented to (Logto's rule):
 * organization tokens for others are refused, and the organization claims name only those. A
 * first-party application, which asks for no consent, acts in all of the user's organizations.
 * Signed in with Logto's Node SDK (offline_access and the organization scopes); the consent is
 * the call the consent page makes.
 */

const NOT_GRANTED = 'organization access is not granted to the application';

function sdkFor(t: TestService, app: TestApplication, scopes: string[]) {
  return logtoSdk(t, app, { scopes: [UserScope.Organizations, UserScope.OrganizationRoles, ...scopes] });
}

/**
 * Signs in asking also for `scopes` (organization scopes); a third-party application's consent
 * allows `organizationIds` (or none).
 */
async function signIn(
  t: TestService,
  app: TestApplication,
  sign: { user: { username: string }; password: string; scopes: string[] },
  organizationIds?: string[],
) {
  const { user, password, scopes } = sign;
  const sdk = sdkFor(t, app, scopes);
  await sdk.client.signIn(app.redirectUri);
  const browser = new Browser();
  await browser.followUntil(sdk.navigations.at(-1)!, `${t.config.baseUrl}/sign-in`);
  let redirectTo = await signInWithPassword(t, browser, user.username, password);
  if (organizationIds) {
    await browser.followUntil(redirectTo, `${t.config.baseUrl}/sign-in`);
    const consent = await browser.call(t.baseUrl, 'POST', '/api/experience/consent', { organizationIds });
    assert.equal(consent.status, 200, JSON.stringify(consent.body));
    redirectTo = consent.body.redirectTo;
  }
  await sdk.client.handleSignInCallback((await browser.followUntil(redirectTo, app.redirectUri)).href);
  return sdk.client;
}

/** The refresh grant with `organization_id`, as the SDK sends it (no cache in between). */
async function organizationToken(t: TestService, app: TestApplication, client: LogtoClient, id: string) {
  const response = await fetch(`${t.config.issuer}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${app.id}:${app.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: (await client.getRefreshToken())!,
      organization_id: id,
    }),
  });
  return { status: response.status, body: await json(response) };
}

describe('organizations of a third-party application: only those the user consented to', async () => {
  const t = await startTestService();
  const password = 'correct horse battery staple';
  const jwks = createLocalJWKSet(await json(await fetch(`${t.config.issuer}/jwks`)));
  const scope = await apiOk<{ id: string; name: string }>(t, 'POST', '/organization-scopes', {
    name: `read:${newId(6)}`,
  });
  const role = await apiOk<{ id: string; name: string }>(t, 'POST', '/organization-roles', {
    name: `reader-${newId(6)}`,
    organizationScopeIds: [scope.id],
  });
  const user = await createUser(t, password);
  const organization = async (name: string) => {
    const { id } = await apiOk<{ id: string }>(t, 'POST', '/organizations', { name });
    await apiOk(t, 'POST', `/organizations/${id}/users`, { userIds: [user.id] });
    await apiOk(t, 'POST', `/organizations/${id}/users/${user.id}/roles`, { organizationRoleIds: [role.id] });
    return id;
  };
  const account = { user, password, scopes: [scope.name] };
  const acme = await organization('Acme');
  const globex = await organization('Globex');
  const initech = (await apiOk<{ id: string }>(t, 'POST', '/organizations', { name: 'Initech' })).id;
  const consentPath = (app: TestApplication, userId = user.id) =>
    `/applications/${app.id}/users/${userId}/consent-organizations`;

  it('gives a third-party application a token for the consented organization, refuses the other (403, audited)', async () => {
    const app = await createApplication(t, 'Traditional', { isThirdParty: true });
    const client = await signIn(t, app, account, [acme]);

    const { payload } = await jwtVerify(await client.getOrganizationToken(acme), jwks, {
      issuer: t.config.issuer,
      audience: `urn:logto:organization:${acme}`,
    });
    assert.equal(payload.sub, user.id);
    assert.equal(payload.scope, scope.name);

    const refused = await organizationToken(t, app, client, globex);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error, 'access_denied');
    assert.equal(refused.body.error_description, NOT_GRANTED);
    const outside = await organizationToken(t, app, client, initech);
    assert.equal(outside.status, 403);
    assert.equal(outside.body.error_description, 'user is not a member of the organization');

    const logs = await t.service.storage.db
      .selectFrom('logs')
      .select('payload')
      .where('key', '=', 'ExchangeTokenBy.RefreshToken')
      .where('application_id', '=', app.id)
      .execute();
    const refusals = logs.map(({ payload }) => payload as { organizationId: string; error: object });
    assert.deepEqual(
      refusals.map((log) => [log.organizationId, log.error]).sort(),
      [
        [globex, { code: 'access_denied', description: NOT_GRANTED }],
        [initech, { code: 'access_denied', description: 'user is not a member of the organization' }],
      ].sort(),
    );
  });

  it('names only the consented organization in its ID token and user info', async () => {
    const app = await createApplication(t, 'Traditional', { isThirdParty: true });
    const client = await signIn(t, app, account, [acme]);
    const idClaims = await client.getIdTokenClaims();
    assert.deepEqual(idClaims.organizations, [acme]);
    assert.deepEqual(idClaims.organization_roles, [`${acme}:${role.name}`]);
    const info = await client.fetchUserInfo();
    assert.deepEqual(info.organizations, [acme]);
    assert.deepEqual(info.organization_roles, [`${acme}:${role.name}`]);
    assert.deepEqual(info.organization_data, [{ id: acme, name: 'Acme', description: null }]);
    assert.equal(idClaims.organization_data, undefined, 'user info only, as Logto');
  });

  it('a third-party application the user consented no organization to gets none', async () => {
    const app = await createApplication(t, 'Traditional', { isThirdParty: true });
    const client = await signIn(t, app, account, []);
    assert.deepEqual((await client.getIdTokenClaims()).organizations, []);
    assert.equal((await organizationToken(t, app, client, acme)).status, 403);
  });

  it('a first-party application still acts in every organization of the user', async () => {
    const app = await createApplication(t, 'Traditional');
    const client = await signIn(t, app, account);
    for (const id of [acme, globex]) {
      const { payload } = await jwtVerify(await client.getOrganizationToken(id), jwks, {
        audience: `urn:logto:organization:${id}`,
      });
      assert.equal(payload.organization_id, id);
    }
    assert.deepEqual([...(await client.getIdTokenClaims()).organizations!].sort(), [acme, globex].sort());
    assert.deepEqual([...(await client.fetchUserInfo()).organizations!].sort(), [acme, globex].sort());
  });

  it('management routes list, replace, add and revoke them; tokens follow at the next refresh', async () => {
    const app = await createApplication(t, 'Traditional', { isThirdParty: true });
    const client = await signIn(t, app, account, [acme]);

    const listed = await t.api<{ organizations: Array<{ id: string; name: string }> }>(
      'GET',
      consentPath(app),
    );
    assert.equal(listed.status, 200);
    assert.deepEqual(
      listed.body.organizations.map(({ id, name }) => ({ id, name })),
      [{ id: acme, name: 'Acme' }],
    );
    assert.equal(listed.headers.get('total-number'), '1');

    assert.equal((await t.api('PUT', consentPath(app), { organizationIds: [globex] })).status, 204);
    assert.equal((await organizationToken(t, app, client, acme)).status, 403);
    assert.equal((await organizationToken(t, app, client, globex)).status, 200);

    assert.equal((await t.api('POST', consentPath(app), { organizationIds: [acme] })).status, 201);
    assert.equal((await organizationToken(t, app, client, acme)).status, 200);
    const paged = await t.api<{ organizations: Array<{ id: string }> }>(
      'GET',
      `${consentPath(app)}?page_size=1`,
    );
    assert.equal(paged.body.organizations.length, 1);
    assert.equal(paged.headers.get('total-number'), '2');

    assert.equal((await t.api('DELETE', `${consentPath(app)}/${globex}`)).status, 204);
    assert.equal((await organizationToken(t, app, client, globex)).status, 403);
    assert.equal((await t.api('PUT', consentPath(app), { organizationIds: [] })).status, 204);
    const emptied = await t.api<{ organizations: unknown[] }>('GET', consentPath(app));
    assert.deepEqual(emptied.body.organizations, []);
  });

  it('management routes refuse a first-party application, a non-member organization, unknown ids', async () => {
    const thirdParty = await createApplication(t, 'Traditional', { isThirdParty: true });
    const firstParty = await createApplication(t, 'Traditional');
    const refusal = async (method: string, path: string, body?: unknown) => {
      const response = await t.api<{ code: string }>(method, path, body);
      return [response.status, response.body?.code];
    };
    assert.deepEqual(await refusal('GET', consentPath(firstParty)), [
      422,
      'application.third_party_application_only',
    ]);
    assert.deepEqual(await refusal('POST', consentPath(thirdParty), { organizationIds: [acme, initech] }), [
      422,
      'organization.require_membership',
    ]);
    assert.deepEqual(await refusal('PUT', consentPath(thirdParty), { organizationIds: [initech] }), [
      422,
      'organization.require_membership',
    ]);
    assert.deepEqual(await refusal('POST', consentPath(thirdParty), { organizationIds: [] }), [
      400,
      'guard.invalid_input',
    ]);
    // Logto's user lookup answers an unknown user id with `entity.not_found` on every user route.
    assert.deepEqual(await refusal('GET', consentPath(thirdParty, 'no-such-user')), [
      404,
      'entity.not_found',
    ]);
    assert.deepEqual(
      await refusal('GET', `/applications/no-such-app/users/${user.id}/consent-organizations`),
      [404, 'entity.not_exists_with_id'],
    );
    const none = await t.api<{ organizations: unknown[] }>('GET', consentPath(thirdParty));
    assert.deepEqual(none.body.organizations, []);
  });
});

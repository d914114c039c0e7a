import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { apiOk } from '../support/http.js';
import { authorize, completeAuthorization, signInWithPassword } from '../support/oidc-sign-in.js';
import { startTestService } from '../support/service.js';
import {
  assignRoles,
  createApplication,
  createResourceWithRoles,
  createUser,
} from '../support/sign-in-fixtures.js';

interface ConsentScopes {
  organizationScopes: { id: string; name: string; description: string | null }[];
  resourceScopes: {
    resource: { id: string; name: string; indicator: string };
    scopes: { id: string; name: string }[];
  }[];
  organizationResourceScopes: unknown[];
  userScopes: string[];
}

/** Logto's `/api/applications/:id/user-consent-scopes`, and what the consent page then asks for. */
describe('user-consent scopes of a third-party application', async () => {
  const t = await startTestService();
  const password = 'Consent-Scopes-1';
  const resource = await createResourceWithRoles(t);
  const scopes = await apiOk<{ id: string; name: string }[]>(t, 'GET', `/resources/${resource.id}/scopes`);
  const read = scopes.find((scope) => scope.name === 'read')!;
  await apiOk(t, 'PATCH', `/resources/${resource.id}/scopes/${read.id}`, { description: 'Read your orders' });
  const organizationScope = await apiOk<{ id: string; name: string }>(t, 'POST', '/organization-scopes', {
    name: `members:${newId(6)}`,
    description: 'See the members',
  });
  const path = (id: string) => `/applications/${id}/user-consent-scopes`;

  it('answers 422 application.third_party_application_only for a first-party application, 404 for none', async () => {
    const first = await createApplication(t, 'Traditional');
    const refused = await t.api<{ code: string }>('POST', path(first.id), { userScopes: ['email'] });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.code, 'application.third_party_application_only');
    const missing = await t.api<{ code: string }>('GET', path('no-such-app'));
    assert.equal(missing.status, 404);
    assert.equal(missing.body.code, 'entity.not_exists_with_id');
  });

  it('refuses unknown scope ids (422, listed) and management API scopes (422)', async () => {
    const app = await createApplication(t, 'Traditional', { isThirdParty: true });
    const unknown = await t.api<{ code: string; data: Record<string, string[]> }>('POST', path(app.id), {
      organizationScopes: ['nope-1'],
      resourceScopes: [read.id, 'nope-2'],
    });
    assert.equal(unknown.status, 422);
    assert.equal(unknown.body.code, 'application.user_consent_scopes_not_found');
    assert.deepEqual(unknown.body.data, {
      invalidOrganizationScopes: ['nope-1'],
      invalidResourceScopes: ['nope-2'],
      invalidOrganizationResourceScopes: [],
    });
    const management = await apiOk<{ id: string; indicator: string }[]>(t, 'GET', '/resources');
    const api = management.find((row) => row.indicator === t.config.managementApiIndicator)!;
    const [all] = await apiOk<{ id: string }[]>(t, 'GET', `/resources/${api.id}/scopes`);
    const forbidden = await t.api<{ code: string }>('POST', path(app.id), { resourceScopes: [all!.id] });
    assert.equal(forbidden.status, 422);
    assert.equal(forbidden.body.code, 'application.consent_management_api_scopes_not_allowed');
    assert.deepEqual((await apiOk<ConsentScopes>(t, 'GET', path(app.id))).userScopes, []);
  });

  it('assigns, lists in Logto’s shape, and removes one by type and id', async () => {
    const app = await createApplication(t, 'Traditional', { isThirdParty: true });
    const assigned = await t.api('POST', path(app.id), {
      organizationScopes: [organizationScope.id],
      resourceScopes: [read.id],
      userScopes: ['profile', 'email'],
    });
    assert.equal(assigned.status, 201);
    // Assigning again is not an error: the list stays a set.
    assert.equal((await t.api('POST', path(app.id), { userScopes: ['email'] })).status, 201);
    const listed = await apiOk<ConsentScopes>(t, 'GET', path(app.id));
    assert.deepEqual(listed, {
      organizationScopes: [
        { id: organizationScope.id, name: organizationScope.name, description: 'See the members' },
      ],
      resourceScopes: [
        {
          resource: { id: resource.id, name: 'Orders', indicator: resource.indicator },
          scopes: [{ id: read.id, name: 'read', description: 'Read your orders' }],
        },
      ],
      organizationResourceScopes: [],
      userScopes: ['email', 'profile'].sort(),
    });
    assert.equal((await t.api('DELETE', `${path(app.id)}/user-scopes/email`)).status, 204);
    assert.equal((await t.api('DELETE', `${path(app.id)}/resource-scopes/${read.id}`)).status, 204);
    const after = await apiOk<ConsentScopes>(t, 'GET', path(app.id));
    assert.deepEqual(after.userScopes, ['profile']);
    assert.deepEqual(after.resourceScopes, []);
    const badType = await t.api<{ code: string }>('DELETE', `${path(app.id)}/roles/${read.id}`);
    assert.equal(badType.status, 400);
  });

  it('the consent page asks only for assigned scopes; the token carries no other; an unassigned OpenID scope is refused', async () => {
    const user = await createUser(t, password);
    await assignRoles(t, user.id, resource.roles.read, resource.roles.write);
    const app = await createApplication(t, 'Traditional', { isThirdParty: true });
    await apiOk(t, 'POST', path(app.id), { resourceScopes: [read.id], userScopes: ['profile'] });

    const authorization = await authorize(t, app, {
      scope: 'openid profile read write',
      resource: resource.indicator,
    });
    await authorization.browser.followUntil(authorization.url, `${t.config.baseUrl}/sign-in`);
    const signedIn = await signInWithPassword(t, authorization.browser, user.username, password);
    await authorization.browser.followUntil(signedIn, `${t.config.baseUrl}/sign-in`);
    const consent = await authorization.browser.call(t.baseUrl, 'GET', '/api/experience/consent');
    assert.equal(consent.status, 200, JSON.stringify(consent.body));
    assert.deepEqual(consent.body.resources, [
      {
        indicator: resource.indicator,
        name: 'Orders',
        scopes: [{ name: 'read', description: 'Read your orders' }],
      },
    ]);
    const accepted = await authorization.browser.call(t.baseUrl, 'POST', '/api/experience/consent', {});
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    const tokens = await completeAuthorization(authorization, accepted.body.redirectTo, {
      resource: resource.indicator,
    });
    assert.equal(tokens.scope, 'read');

    const refused = await authorize(t, app, { scope: 'openid email' });
    const callback = await refused.browser.followUntil(refused.url, app.redirectUri);
    assert.equal(callback.searchParams.get('error'), 'invalid_scope');
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { apiOk, clientCredentials, json } from '../support/http.js';
import { signIn } from '../support/oidc-sign-in.js';
import {
  assignRoles,
  createApplication,
  createResourceWithRoles,
  createUser,
} from '../support/sign-in-fixtures.js';
import { startTestService } from '../support/service.js';

const password = 'correct horse battery staple';

describe('resource scopes follow the roles the subject holds now', async () => {
  const t = await startTestService();
  const jwks = createLocalJWKSet(await json(await fetch(`${t.config.issuer}/jwks`)));
  const scopeOf = async (token: string, audience: string) =>
    (await jwtVerify(token, jwks, { issuer: t.config.issuer, audience })).payload.scope;

  it('drops the scope of a role removed after sign-in at the next refresh', async () => {
    const { indicator, roles } = await createResourceWithRoles(t, 'User');
    const app = await createApplication(t, 'Traditional');
    const user = await createUser(t, password);
    await assignRoles(t, user.id, roles.read, roles.write);

    const { client, tokens } = await signIn(t, app, user, password, {
      scope: 'openid offline_access read write',
      resource: indicator,
    });
    assert.equal(await scopeOf(tokens.access_token, indicator), 'read write');

    assert.equal((await t.api('DELETE', `/users/${user.id}/roles/${roles.write}`)).status, 204);
    const refreshed = await oidc.refreshTokenGrant(client, tokens.refresh_token!, { resource: indicator });
    assert.equal(await scopeOf(refreshed.access_token, indicator), 'read');

    assert.equal((await t.api('DELETE', `/users/${user.id}/roles/${roles.read}`)).status, 204);
    const bare = await oidc.refreshTokenGrant(client, refreshed.refresh_token ?? tokens.refresh_token!, {
      resource: indicator,
    });
    assert.ok(!decodeJwt(bare.access_token).scope, 'no role, no resource scope');

    // A role given back is honoured again, within what the user consented to.
    await assignRoles(t, user.id, roles.write);
    const restored = await oidc.refreshTokenGrant(client, bare.refresh_token ?? tokens.refresh_token!, {
      resource: indicator,
    });
    assert.equal(await scopeOf(restored.access_token, indicator), 'write');
  });

  it('keeps client_credentials on the application roles', async () => {
    const { indicator, roles } = await createResourceWithRoles(t, 'MachineToMachine');
    const m2m = await apiOk<{ id: string; secret: string }>(t, 'POST', '/applications', {
      name: 'backend',
      type: 'MachineToMachine',
    });
    await apiOk(t, 'POST', `/applications/${m2m.id}/roles`, { roleIds: [roles.read] });
    const response = await clientCredentials(t.baseUrl, m2m, { resource: indicator, scope: 'read write' });
    const body = await json(response);
    assert.equal(response.status, 200, JSON.stringify(body));
    assert.equal(await scopeOf(body.access_token, indicator), 'read');
  });
});

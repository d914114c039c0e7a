// test-backends: pglite, postgres
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeJwt, importJWK, SignJWT } from 'jose';
import { CONSOLE_ROLE_ID, MANAGEMENT_ROLE_ID } from '../../src/management/seed.js';
import { loadSigningKeys } from '../../src/oidc/signing-keys.js';
import { backend } from '../support/databases.js';
import { apiOk, clientCredentials, json } from '../support/http.js';
import { signIn } from '../support/oidc-sign-in.js';
import { startTestService, startTwoInstances, type TestService } from '../support/service.js';
import { assignRoles, createApplication, createUser } from '../support/sign-in-fixtures.js';

const password = 'correct horse battery staple';

/** A machine-to-machine application holding the management role, and its management token. */
async function integrator(t: TestService) {
  const app = await apiOk<{ id: string; secret: string }>(t, 'POST', '/applications', {
    name: 'integrator',
    type: 'MachineToMachine',
  });
  await apiOk(t, 'POST', `/applications/${app.id}/roles`, { roleIds: [MANAGEMENT_ROLE_ID] });
  const response = await clientCredentials(t.baseUrl, app, {
    resource: t.config.managementApiIndicator,
    scope: 'all',
  });
  const body = await json(response);
  assert.equal(response.status, 200, JSON.stringify(body));
  return { app, token: body.access_token as string, expiresIn: body.expires_in as number };
}

async function listApplications(baseUrl: string, token: string) {
  const response = await fetch(`${baseUrl}/api/applications`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: await json(response) };
}

describe('management access is checked on every call', async () => {
  const t = await startTestService();

  it('issues management tokens for ten minutes by default', async () => {
    const { expiresIn } = await integrator(t);
    assert.ok(expiresIn <= 600 && expiresIn > 0, `expires_in ${expiresIn}`);
  });

  it('refuses a token at once after its application loses the management role', async () => {
    const { app, token } = await integrator(t);
    assert.equal((await listApplications(t.baseUrl, token)).status, 200);
    const removed = await fetch(`${t.baseUrl}/api/applications/${app.id}/roles/${MANAGEMENT_ROLE_ID}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(removed.status, 204);
    const refused = await listApplications(t.baseUrl, token);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'auth.forbidden');
  });

  it('refuses a token at once after its application is deleted', async () => {
    const { app, token } = await integrator(t);
    assert.equal((await listApplications(t.baseUrl, token)).status, 200);
    assert.equal((await t.api('DELETE', `/applications/${app.id}`)).status, 204);
    const refused = await listApplications(t.baseUrl, token);
    assert.equal(refused.status, 401);
    assert.equal(refused.body.code, 'auth.unauthorized');
  });

  it('accepts a console user token while the user holds `all`, and stops when that ends', async () => {
    const role = { id: CONSOLE_ROLE_ID };
    const spa = await createApplication(t, 'SPA');
    const user = await createUser(t, password);
    await assignRoles(t, user.id, role.id);
    // A second administrator, so that this one may lose the role (the last one may not).
    await assignRoles(t, (await createUser(t, password)).id, role.id);
    const { tokens } = await signIn(t, spa, user, password, {
      scope: 'openid all',
      resource: t.config.managementApiIndicator,
    });
    const claims = decodeJwt(tokens.access_token);
    assert.equal(claims.sub, user.id);
    assert.equal(claims.scope, 'all');
    assert.equal((await listApplications(t.baseUrl, tokens.access_token)).status, 200);

    assert.equal((await t.api('DELETE', `/users/${user.id}/roles/${role.id}`)).status, 204);
    const revoked = await listApplications(t.baseUrl, tokens.access_token);
    assert.equal(revoked.status, 403);
    assert.equal(revoked.body.code, 'auth.forbidden');

    await assignRoles(t, user.id, role.id);
    assert.equal((await listApplications(t.baseUrl, tokens.access_token)).status, 200);
    await apiOk(t, 'PATCH', `/users/${user.id}/is-suspended`, { isSuspended: true });
    const suspended = await listApplications(t.baseUrl, tokens.access_token);
    assert.equal(suspended.status, 403);
    assert.match(suspended.body.message, /suspended/);

    await apiOk(t, 'PATCH', `/users/${user.id}/is-suspended`, { isSuspended: false });
    assert.equal((await t.api('DELETE', `/users/${user.id}`)).status, 204);
    const gone = await listApplications(t.baseUrl, tokens.access_token);
    assert.equal(gone.status, 401);
    assert.equal(gone.body.code, 'auth.unauthorized');
  });

  it('refuses a token that carries an actor, even one signed by the service', async () => {
    const [key] = await loadSigningKeys(t.service.storage.db);
    const privateKey = await importJWK(key!.privateJwk, 'ES256');
    const { app } = await integrator(t);
    const impersonation = await new SignJWT({ scope: 'all', client_id: app.id, act: { sub: 'someone' } })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: key!.kid })
      .setIssuer(t.config.issuer)
      .setAudience(t.config.managementApiIndicator)
      .setSubject(app.id)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    const refused = await listApplications(t.baseUrl, impersonation);
    assert.equal(refused.status, 403);
    assert.match(refused.body.message, /impersonation/);
  });
});

// PGlite is one in-process database: two instances cannot share it.
describe('revocation across two instances on one PostgreSQL', { skip: backend !== 'postgres' }, async () => {
  if (backend !== 'postgres') return;
  const { first, secondUrl } = await startTwoInstances();

  /**
   * Calls the second instance until a call that started a second or more after the revocation
   * is refused; a call that started that late must never succeed (its cached standing is at most
   * a second old). No timing assumption: the loop ends on the first such call, however slow.
   */
  async function refusedWithinASecond(token: string, revokedAt: number) {
    for (;;) {
      const startedAt = Date.now();
      const { status, body } = await listApplications(secondUrl, token);
      if (startedAt - revokedAt >= 1000) return { status, body };
    }
  }

  for (const [label, revoke] of [
    [
      'loses the role',
      (id: string) => first.api('DELETE', `/applications/${id}/roles/${MANAGEMENT_ROLE_ID}`),
    ],
    ['is deleted', (id: string) => first.api('DELETE', `/applications/${id}`)],
  ] as const) {
    it(`refuses on the other instance within a second when the application ${label}`, async () => {
      const { app, token } = await integrator(first);
      // The second instance caches the standing as granted.
      assert.equal((await listApplications(secondUrl, token)).status, 200);
      assert.equal((await revoke(app.id)).status, 204);
      const revokedAt = Date.now();
      const refused = await refusedWithinASecond(token, revokedAt);
      assert.ok([401, 403].includes(refused.status), JSON.stringify(refused.body));
      assert.match(refused.body.code, /^auth\.(unauthorized|forbidden)$/);
    });
  }
});

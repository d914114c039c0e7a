import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLocalJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { json } from '../support/http.js';
import { signIn } from '../support/oidc-sign-in.js';
import {
  assignRoles,
  createApplication,
  createResourceWithRoles,
  createUser,
} from '../support/sign-in-fixtures.js';
import { startTestService } from '../support/service.js';

const password = 'correct horse battery staple';
const scope = 'openid offline_access read write';

describe('the default resource is granted at a sign-in that names no `resource`', async () => {
  const t = await startTestService();
  const jwks = createLocalJWKSet(await json(await fetch(`${t.config.issuer}/jwks`)));
  const app = await createApplication(t, 'Traditional');
  const user = await createUser(t, password);
  const first = await createResourceWithRoles(t, 'User');
  const second = await createResourceWithRoles(t, 'User');
  await assignRoles(t, user.id, first.roles.read, second.roles.read, second.roles.write);

  const setDefault = async (id: string, isDefault: boolean) =>
    assert.equal((await t.api('PATCH', `/resources/${id}/is-default`, { isDefault })).status, 200);
  const claimsOf = async (token: string, audience: string) =>
    (await jwtVerify(token, jwks, { issuer: t.config.issuer, audience })).payload;
  const assertOpaque = async (token: string) => {
    assert.equal(token.split('.').length, 1, 'an opaque token, not a JWT');
    const info = await fetch(`${t.config.issuer}/me`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(info.status, 200, 'usable at the user info endpoint');
  };

  it('gives the opaque user info token while no resource is the default', async () => {
    const { tokens } = await signIn(t, app, user, password, { scope });
    await assertOpaque(tokens.access_token);
  });

  it('grants the default resource at sign-in; the code exchange keeps the user info token', async () => {
    await setDefault(first.id, true);
    const { client, tokens } = await signIn(t, app, user, password, { scope });
    await assertOpaque(tokens.access_token);

    const refreshed = await oidc.refreshTokenGrant(client, tokens.refresh_token!, {
      resource: first.indicator,
    });
    assert.equal((await claimsOf(refreshed.access_token, first.indicator)).scope, 'read');

    // Naming a resource still wins over the default.
    const named = await signIn(t, app, user, password, { scope, resource: second.indicator });
    assert.equal((await claimsOf(named.tokens.access_token, second.indicator)).scope, 'read write');
  });

  it('follows a switch of the default at the next sign-in, and its removal', async () => {
    await setDefault(first.id, true);
    const before = await signIn(t, app, user, password, { scope });
    await setDefault(second.id, true);
    const after = await signIn(t, app, user, password, { scope });
    const refreshedAfter = await oidc.refreshTokenGrant(after.client, after.tokens.refresh_token!, {
      resource: second.indicator,
    });
    assert.equal((await claimsOf(refreshedAfter.access_token, second.indicator)).scope, 'read write');

    // The earlier sign-in was granted the old default only.
    await assert.rejects(
      oidc.refreshTokenGrant(before.client, before.tokens.refresh_token!, { resource: second.indicator }),
      (error: { error?: string }) => error.error === 'invalid_target',
    );

    await setDefault(second.id, false);
    const none = await signIn(t, app, user, password, { scope });
    await assertOpaque(none.tokens.access_token);
    await assert.rejects(
      oidc.refreshTokenGrant(none.client, none.tokens.refresh_token!, { resource: second.indicator }),
      (error: { error?: string }) => error.error === 'invalid_target',
    );
  });

  it('keeps a single default when two are set at once', async () => {
    await Promise.all([setDefault(first.id, true), setDefault(second.id, true)]);
    const listed = await t.api<{ id: string; isDefault: boolean }[]>('GET', '/resources?page_size=100');
    assert.equal(listed.body.filter((resource) => resource.isDefault).length, 1);
  });
});

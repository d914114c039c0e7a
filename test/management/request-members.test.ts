import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { apiOk } from '../support/http.js';
import { startTestService } from '../support/service.js';

// A member a management body does not declare is refused, never dropped: a misspelt member, or one
// of Logto's that Tessera does not implement, would otherwise answer 200 as if it had been applied.
describe('undeclared and unsupported request members', async () => {
  const t = await startTestService();
  type Refusal = { code: string; message: string };

  it('refuses an unknown member with guard.invalid_input naming it, at the top and nested', async () => {
    const username = `strict_${newId(8)}`;
    const created = await t.api<Refusal>('POST', '/users', { username, passwrd: 'typo' });
    assert.equal(created.status, 400);
    assert.equal(created.body.code, 'guard.invalid_input');
    assert.match(created.body.message, /unknown member `passwrd`/);
    const found = await t.api<unknown[]>('GET', `/users?search.username=${username}`);
    assert.deepEqual(found.body, [], 'nothing was created');

    const user = await apiOk<{ id: string }>(t, 'POST', '/users', { username });
    const patched = await t.api<Refusal>('PATCH', `/users/${user.id}`, { name: 'Ann', nickname: 'A' });
    assert.equal(patched.status, 400);
    assert.match(patched.body.message, /`nickname`/);
    assert.equal((await apiOk<{ name: string | null }>(t, 'GET', `/users/${user.id}`)).name, null);

    const profile = await t.api<Refusal>('PATCH', `/users/${user.id}/profile`, {
      profile: { givenName: 'Ann', favouriteColour: 'teal' },
    });
    assert.equal(profile.status, 400);
    assert.match(profile.body.message, /profile.*`favouriteColour`/);

    const role = await t.api<Refusal>('POST', '/roles', {
      name: `r-${newId(6)}`,
      description: 'd',
      scopes: [],
    });
    assert.equal(role.status, 400);
    assert.match(role.body.message, /`scopes`/);
  });

  it("refuses Logto's members that Tessera does not implement with guard.unsupported_member", async () => {
    const base = { name: 'App', type: 'Traditional' };
    const protectedApp = await t.api<Refusal>('POST', '/applications', {
      ...base,
      protectedAppMetadata: { subDomain: 'shop', origin: 'https://shop.example.com' },
    });
    assert.equal(protectedApp.status, 400);
    assert.equal(protectedApp.body.code, 'guard.unsupported_member');
    assert.match(protectedApp.body.message, /protectedAppMetadata.*protected apps/);

    const logo = await t.api<Refusal>('POST', '/applications', {
      ...base,
      oidcClientMetadata: {
        redirectUris: [],
        postLogoutRedirectUris: [],
        logoUri: 'https://a.example/l.png',
      },
    });
    assert.equal(logo.status, 400);
    assert.equal(logo.body.code, 'guard.unsupported_member');
    assert.match(logo.body.message, /oidcClientMetadata\.logoUri/);

    // `null` is Logto's "none": nothing is asked for, so nothing is refused.
    const app = await apiOk<{ id: string }>(t, 'POST', '/applications', {
      ...base,
      protectedAppMetadata: null,
    });
    const admin = await t.api<Refusal>('PATCH', `/applications/${app.id}`, { isAdmin: true });
    assert.equal(admin.status, 400);
    assert.equal(admin.body.code, 'guard.unsupported_member');
    assert.match(admin.body.message, /isAdmin/);
  });
});

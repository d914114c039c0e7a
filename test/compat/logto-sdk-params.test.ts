import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as oidc from 'openid-client';
import { newId } from '../../src/storage/ids.js';
import { apiOk, json } from '../support/http.js';
import { beginAuthorization, signIn } from '../support/oidc-sign-in.js';
import { startTestService } from '../support/service.js';
import { createApplication, createUser } from '../support/sign-in-fixtures.js';

/** What Logto's SDKs put in the authorization request reaches the sign-in pages, checked. */
describe("Logto's authorization parameters", async () => {
  const t = await startTestService();
  const app = await createApplication(t, 'SPA');

  const hintsOf = async (parameters: Record<string, string>) => {
    const { browser, uid } = await beginAuthorization(t, app, parameters);
    const interaction = await browser.call(t.baseUrl, 'GET', '/api/experience/interaction');
    assert.equal(interaction.status, 200, JSON.stringify(interaction.body));
    assert.equal(interaction.body.uid, uid);
    return { browser, uid, hints: interaction.body.authorization };
  };

  it('hands first_screen, identifier, direct_sign_in and login_hint to the sign-in pages', async () => {
    const { hints } = await hintsOf({
      first_screen: 'identifier:register',
      identifier: 'email phone fax',
      direct_sign_in: 'social:github',
      login_hint: 'ada@example.com',
    });
    assert.deepEqual(hints, {
      firstScreen: 'identifier:register',
      identifiers: ['email', 'phone'],
      directSignIn: { method: 'social', target: 'github' },
      loginHint: 'ada@example.com',
    });
  });

  it("reads the SDKs' older spellings and ignores what no page shows", async () => {
    assert.deepEqual((await hintsOf({ interaction_mode: 'signUp' })).hints, { firstScreen: 'register' });
    assert.deepEqual((await hintsOf({ first_screen: 'signIn' })).hints, { firstScreen: 'sign_in' });
    assert.deepEqual((await hintsOf({ first_screen: 'identifier:email' })).hints, {
      firstScreen: 'identifier:sign_in',
      identifiers: ['email'],
    });
    assert.deepEqual(
      (await hintsOf({ direct_sign_in: 'sso:conn-1', first_screen: 'reset_password' })).hints,
      {
        firstScreen: 'reset_password',
        directSignIn: { method: 'sso', target: 'conn-1' },
      },
    );
    assert.deepEqual((await hintsOf({ first_screen: 'lobby', direct_sign_in: 'carrier-pigeon' })).hints, {});
  });

  it("puts the request's ui_locales in the hosted page for its language", async () => {
    const { browser, uid } = await hintsOf({ ui_locales: 'fr-CA de' });
    const page = await (await browser.fetch(`${t.baseUrl}/sign-in/register?uid=${uid}`)).text();
    assert.match(page, /<meta name="tessera-ui-locales" content="fr-CA de">/);
    const plain = await hintsOf({});
    const without = await (await plain.browser.fetch(`${t.baseUrl}/sign-in?uid=${plain.uid}`)).text();
    assert.doesNotMatch(without, /tessera-ui-locales/);
  });
});

/** Logto's user scopes: which claims each gives, and where (ID token or user info). */
describe("Logto's user claims", async () => {
  const t = await startTestService();
  const app = await createApplication(t, 'Traditional');
  const password = 'Claims-Password-1';

  it('are in discovery', async () => {
    const discovery = await json(await fetch(`${t.baseUrl}/oidc/.well-known/openid-configuration`));
    for (const scope of ['custom_data', 'identities', 'roles', 'urn:logto:scope:organizations']) {
      assert.ok(discovery.scopes_supported.includes(scope), scope);
    }
    for (const claim of ['custom_data', 'identities', 'sso_identities', 'roles', 'organization_data']) {
      assert.ok(discovery.claims_supported.includes(claim), claim);
    }
  });

  it('give roles in the ID token, and custom data and identities at user info only', async () => {
    const user = await createUser(t, password);
    await apiOk(t, 'PATCH', `/users/${user.id}/custom-data`, { customData: { plan: 'gold', seats: 3 } });
    await apiOk(t, 'PUT', `/users/${user.id}/identities/github`, {
      socialUserId: 'gh-42',
      socialUserInfo: { name: 'Ada' },
    });
    const roleName = `editor-${newId(6)}`;
    const role = await apiOk<{ id: string }>(t, 'POST', '/roles', { name: roleName, description: 'edits' });
    await apiOk(t, 'POST', `/users/${user.id}/roles`, { roleIds: [role.id] });

    const { client, tokens } = await signIn(t, app, user, password, {
      scope: 'openid profile custom_data identities roles',
    });
    const idToken = tokens.claims()!;
    assert.deepEqual(idToken.roles, [roleName]);
    assert.equal(idToken.custom_data, undefined);
    assert.equal(idToken.identities, undefined);

    const info = await oidc.fetchUserInfo(client, tokens.access_token, user.id);
    assert.deepEqual(info.custom_data, { plan: 'gold', seats: 3 });
    assert.deepEqual(info.identities, { github: { userId: 'gh-42', details: { id: 'gh-42', name: 'Ada' } } });
    assert.deepEqual(info.sso_identities, []);
    assert.deepEqual(info.roles, [roleName]);
  });

  it('are absent without their scopes', async () => {
    const user = await createUser(t, password);
    const { client, tokens } = await signIn(t, app, user, password, { scope: 'openid profile' });
    const info = await oidc.fetchUserInfo(client, tokens.access_token, user.id);
    for (const claim of ['custom_data', 'identities', 'sso_identities', 'roles']) {
      assert.equal(info[claim], undefined, claim);
      assert.equal(tokens.claims()![claim], undefined, claim);
    }
  });
});

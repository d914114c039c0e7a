import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Browser } from '../support/oidc-browser.js';
import { signIn } from '../support/oidc-sign-in.js';
import { startTestService, type TestService } from '../support/service.js';
import { createApplication, createUser, type TestApplication } from '../support/sign-in-fixtures.js';

/**
 * The end-session confirmation's Content-Security-Policy over HTTP: its `form-action` allows the
 * origin of the post-logout URI that the provider validated for the client, and nothing else;
 * every other page keeps `form-action 'self'`. (The browser's side: test/compat/logto-sign-out.)
 */

function directives(policy: string | null): Map<string, string> {
  return new Map(
    (policy ?? '').split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources.join(' ')];
    }),
  );
}

const meta = (html: string, name: string) =>
  new RegExp(`<meta name="tessera-${name}" content="([^"]*)">`).exec(html)?.[1];

async function signedIn(t: TestService, app: TestApplication, password: string) {
  const user = await createUser(t, password);
  const browser = new Browser();
  const { tokens } = await signIn(t, app, user, password, {}, browser);
  return { browser, idToken: tokens.id_token! };
}

function endSessionUrl(t: TestService, parameters: Record<string, string>) {
  return `${t.config.issuer}/session/end?${new URLSearchParams(parameters)}`;
}

describe('the sign-out confirmation’s form-action', async () => {
  const t = await startTestService();
  const password = 'Sign-Out-Policy-1';
  const postLogout = 'https://shop.example/after-sign-out?from=tessera';
  const app = await createApplication(t, 'Traditional', {
    name: 'Shop',
    postLogoutRedirectUris: [postLogout],
  });
  // Registered, but for another client.
  await createApplication(t, 'Traditional', { postLogoutRedirectUris: ['https://other.example/bye'] });

  it('allows exactly the origin of the registered post-logout URI; the answer goes there', async () => {
    const { browser, idToken } = await signedIn(t, app, password);
    const plain = await browser.fetch(endSessionUrl(t, {}));
    const plainPolicy = directives(plain.headers.get('content-security-policy'));
    assert.equal(plainPolicy.get('form-action'), "'self'", 'no client, no post-logout URI: self only');
    await plain.arrayBuffer();

    const page = await browser.fetch(
      endSessionUrl(t, { id_token_hint: idToken, post_logout_redirect_uri: postLogout, state: 's1' }),
    );
    assert.equal(page.status, 200);
    const policy = directives(page.headers.get('content-security-policy'));
    assert.equal(policy.get('form-action'), "'self' https://shop.example");
    const html = await page.text();
    assert.equal(meta(html, 'application'), 'Shop', 'the prompt names the application, not its id');
    policy.delete('form-action');
    plainPolicy.delete('form-action');
    assert.deepEqual(policy, plainPolicy, 'every other directive is unchanged');

    const confirm = await browser.fetch(`${t.config.issuer}/session/end/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: meta(html, 'xsrf')!, logout: 'yes' }),
    });
    assert.equal(confirm.status, 303);
    const location = new URL(confirm.headers.get('location')!);
    assert.equal(`${location.origin}${location.pathname}`, 'https://shop.example/after-sign-out');
    assert.equal(location.searchParams.get('state'), 's1');
  });

  it('refuses a post-logout URI registered for another client, widening nothing', async () => {
    const { browser, idToken } = await signedIn(t, app, password);
    const page = await browser.fetch(
      endSessionUrl(t, { id_token_hint: idToken, post_logout_redirect_uri: 'https://other.example/bye' }),
      { headers: { accept: 'text/html' } },
    );
    const body = await page.text();
    assert.equal(page.status, 400, body);
    assert.equal(directives(page.headers.get('content-security-policy')).get('form-action'), "'self'");
    assert.match(body, /post_logout_redirect_uri not registered/);
  });

  it('allows a native app’s private-use scheme as that scheme', async () => {
    const native = await createApplication(t, 'Native', {
      redirectUri: 'com.example.shop:/callback',
      postLogoutRedirectUris: ['com.example.shop:/signed-out'],
    });
    const { browser, idToken } = await signedIn(t, native, password);
    const page = await browser.fetch(
      endSessionUrl(t, { id_token_hint: idToken, post_logout_redirect_uri: 'com.example.shop:/signed-out' }),
    );
    assert.equal(page.status, 200);
    await page.arrayBuffer();
    const policy = directives(page.headers.get('content-security-policy'));
    assert.equal(policy.get('form-action'), "'self' com.example.shop:");
  });
});

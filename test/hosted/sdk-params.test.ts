import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { expectStatus } from '../experience/journeys.js';
import { startChromium } from '../support/chromium.js';
import { startTestService } from '../support/service.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { startUpstreamIdp } from '../support/upstream-idp.js';
import { backAtApplication, openSignIn } from './pages.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * What Logto's SDKs ask of the sign-in pages (first_screen, login_hint, direct_sign_in, a magic
 * link's one_time_token), in Chromium.
 */
describe('hosted pages in Chromium: the authorization request chooses the first screen', async () => {
  const t = await startTestService();
  const chromium = await startChromium();
  const app = await createApplication(t, 'Traditional');
  const socialId = `upstream-${newId(6).toLowerCase()}`;
  const sso = expectStatus(
    await t.api<Json>('POST', '/sso-connectors', {
      providerName: 'OIDC',
      connectorName: `Corp ${newId(4)}`,
      domains: [`corp-${newId(6).toLowerCase()}.example`],
    }),
    200,
  );
  const idp = await startUpstreamIdp([
    `${t.baseUrl}/sign-in/callback/${socialId}`,
    `${t.baseUrl}/sign-in/callback/sso/${sso.id}`,
  ]);
  const upstreamConfig = { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret };
  expectStatus(await t.api('PATCH', `/sso-connectors/${sso.id}`, { config: upstreamConfig }), 200);
  expectStatus(
    await t.api('POST', '/connectors', {
      id: socialId,
      connectorId: 'oidc',
      config: { ...upstreamConfig, scope: 'openid profile email' },
      metadata: { target: 'upstream', name: { en: 'Upstream' } },
    }),
    200,
  );
  expectStatus(
    await t.api('PATCH', '/sign-in-exp', {
      socialSignInConnectorTargets: ['upstream'],
      singleSignOnEnabled: true,
    }),
    200,
  );

  const upstreamHeading = 'Upstream identity provider';

  it('first_screen=register opens registration with the login_hint; going back shows the sign-in', async () => {
    const page = await chromium.newPage();
    await openSignIn(t, app, page, { first_screen: 'register', login_hint: 'ada@example.com' });
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/sign-in/register');
    assert.equal(await page.getByLabel('E-mail or phone').inputValue(), 'ada@example.com');
    await page.getByRole('link', { name: 'I already have an account' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.equal(await page.getByLabel('Username or e-mail').inputValue(), 'ada@example.com');
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });

  it("Logto's older interaction_mode=signUp opens registration too; reset_password the reset", async () => {
    const page = await chromium.newPage();
    await openSignIn(t, app, page, { interaction_mode: 'signUp' });
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    const other = await chromium.newPage();
    await openSignIn(t, app, other, { first_screen: 'reset_password' });
    await other.waitForURL((url) => url.pathname === '/sign-in/forgot-password');
  });

  it('first_screen=identifier:register with identifier=email starts registration by address', async () => {
    const page = await chromium.newPage();
    await openSignIn(t, app, page, { first_screen: 'identifier:register', identifier: 'email' });
    await page.getByLabel('E-mail or phone').waitFor();
    const byAddress = page.getByRole('button', { name: 'E-mail or phone' });
    assert.equal(await byAddress.getAttribute('aria-pressed'), 'true');
    assert.equal(await page.getByLabel('Username').count(), 0);
  });

  it('direct_sign_in=social:<target> goes straight to the provider and signs in', async () => {
    const sub = `up-${newId(8)}`;
    idp.accounts.set(sub, { sub, email: `${sub}@example.com`, email_verified: true, name: 'Ada' });
    const page = await chromium.newPage();
    const authorization = await openSignIn(t, app, page, { direct_sign_in: 'social:upstream' });
    // Nothing clicked on the sign-in page: the provider's own page is the first one shown.
    await page.getByRole('heading', { name: upstreamHeading }).waitFor();
    await page.getByLabel('Upstream account').fill(sub);
    await page.getByRole('button', { name: 'Sign in upstream' }).click();
    const tokens = await backAtApplication(page, authorization);
    const user = expectStatus(await t.api<Json>('GET', `/users/${tokens.claims()!.sub}`), 200);
    assert.equal(user.identities.upstream.userId, sub);
  });

  it('direct_sign_in=sso:<connector id> goes to the enterprise provider; an unknown one shows the sign-in', async () => {
    const page = await chromium.newPage();
    await openSignIn(t, app, page, { direct_sign_in: `sso:${sso.id}` });
    await page.getByRole('heading', { name: upstreamHeading }).waitFor();
    const other = await chromium.newPage();
    await openSignIn(t, app, other, { direct_sign_in: 'social:nowhere' });
    await other.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.equal(new URL(other.url()).origin, new URL(t.baseUrl).origin);
  });

  it('a magic link (one_time_token with login_hint) signs in by itself; used again, it says so', async () => {
    const email = `magic.${newId(6).toLowerCase()}@example.com`;
    const user = expectStatus(await t.api<Json>('POST', '/users', { primaryEmail: email }), 200);
    const { token } = expectStatus(await t.api<Json>('POST', '/one-time-tokens', { email }), 201);
    const link = { one_time_token: token, login_hint: email };
    const page = await chromium.newPage();
    const authorization = await openSignIn(t, app, page, link);
    const tokens = await backAtApplication(page, authorization);
    assert.equal(tokens.claims()!.sub, user.id);

    const again = await chromium.newPage();
    await openSignIn(t, app, again, link);
    await again.getByRole('heading', { name: 'This sign-in link can’t be used' }).waitFor();
    assert.match(await again.getByRole('alert').innerText(), /already used/);
    await again.getByRole('link', { name: 'Sign in another way' }).click();
    await again.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.equal(await again.getByLabel('Username or e-mail').inputValue(), email);
  });
});

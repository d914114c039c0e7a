import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { newId } from '../../src/storage/ids.js';
import { names, only, tapAllEvents } from '../experience/events.js';
import { expectStatus } from '../experience/journeys.js';
import { membershipPayload, userDataPayload } from '../experience/payloads.js';
import { startChromium } from '../support/chromium.js';
import { startTestService } from '../support/service.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { startUpstreamIdp } from '../support/upstream-idp.js';
import { assertNoOverflow, backAtApplication, openSignIn, screenshot } from './pages.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const LOGO =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20'%3E%3Ccircle cx='10' cy='10' r='9' fill='%23c23'/%3E%3C/svg%3E";

describe('hosted pages in Chromium: social sign-in and enterprise SSO at a real upstream provider', async () => {
  const t = await startTestService();
  const chromium = await startChromium();
  const app = await createApplication(t, 'Traditional');
  const socialId = `upstream-${newId(6).toLowerCase()}`;
  const domain = `corp-${newId(6).toLowerCase()}.example`;
  // Created without a config first: the provider must know the callback, which names the id.
  const sso = expectStatus(
    await t.api<Json>('POST', '/sso-connectors', {
      providerName: 'OIDC',
      connectorName: `Corp ${newId(4)}`,
      domains: [domain],
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
      metadata: { target: 'upstream', name: { en: 'Upstream' }, logo: LOGO },
    }),
    200,
  );
  // A social connector the sign-in experience does not offer is not shown.
  expectStatus(
    await t.api('POST', '/connectors', {
      connectorId: 'oidc',
      config: { ...upstreamConfig },
      metadata: { target: 'not-offered', name: { en: 'Hidden' } },
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
  const events = await tapAllEvents(t);

  const person = (email: string) => {
    const sub = `up-${newId(8)}`;
    idp.accounts.set(sub, { sub, email, email_verified: true, name: 'Ada Upstream' });
    return sub;
  };
  /** At the upstream provider's own page, the person signs in as `sub`. */
  const signInUpstream = async (page: Page, sub: string) => {
    await page.getByRole('heading', { name: 'Upstream identity provider' }).waitFor();
    await page.getByLabel('Upstream account').fill(sub);
    await page.getByRole('button', { name: 'Sign in upstream' }).click();
  };

  it('lists only the offered social connectors, without their configs, and the usable SSO ones', async () => {
    const response = await fetch(`${t.baseUrl}/api/.well-known/sign-in-exp`);
    const body = (await response.json()) as Json;
    assert.deepEqual(body.socialSignInConnectorTargets, ['upstream']);
    assert.deepEqual(
      body.socialConnectors.map((c: Json) => [c.id, c.target, c.name.en, c.logo]),
      [[socialId, 'upstream', 'Upstream', LOGO]],
    );
    assert.equal(JSON.stringify(body).includes(idp.clientSecret), false, 'no secret');
    assert.equal(body.singleSignOnEnabled, true);
    assert.deepEqual(body.ssoConnectors, [{ id: sso.id, connectorName: sso.connectorName, logo: '' }]);
  });

  it('registers on the first social sign-in and signs in on the second', async () => {
    const email = `social.${newId(6)}@example.com`;
    const sub = person(email);
    const page = await chromium.newPage({ width: 360, height: 740 });
    const first = await openSignIn(t, app, page);
    const button = page.getByRole('button', { name: 'Continue with Upstream' });
    await button.waitFor();
    const logoWidth = await button
      .locator('img')
      .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth);
    assert.ok(logoWidth > 0, 'the logo loads under the page policy');
    assert.equal(await page.getByRole('button', { name: 'Continue with Hidden' }).count(), 0);
    await assertNoOverflow(page);
    await screenshot(page, 'sign-in-social');
    await button.click();
    await signInUpstream(page, sub);
    const tokens = await backAtApplication(page, first);
    const userId = tokens.claims()!.sub;
    const registered = await events.take();
    assert.deepEqual(names(registered), ['PostRegister', 'User.Created']);
    const created = userDataPayload.parse(only(registered, 'User.Created'));
    assert.equal(created.data.id, userId);
    assert.equal(created.data.primaryEmail, email);
    const user = expectStatus(await t.api<Json>('GET', `/users/${userId}`), 200);
    assert.equal(user.identities.upstream.userId, sub);

    const other = await chromium.newPage();
    const second = await openSignIn(t, app, other);
    await other.getByRole('button', { name: 'Continue with Upstream' }).click();
    await signInUpstream(other, sub);
    assert.equal((await backAtApplication(other, second)).claims()?.sub, userId);
    assert.deepEqual(names(await events.take()), ['PostSignIn']);
  });

  it('links to the account of the verified e-mail only after the person confirms (User.Data.Updated)', async () => {
    const email = `linked.${newId(6)}@example.com`;
    const existing = expectStatus(await t.api<Json>('POST', '/users', { primaryEmail: email }), 200);
    await events.take();
    const sub = person(email);
    const page = await chromium.newPage({ width: 360, height: 740 });
    const authorization = await openSignIn(t, app, page);
    await page.getByRole('button', { name: 'Continue with Upstream' }).click();
    await signInUpstream(page, sub);
    await page.getByRole('heading', { name: 'Link your account' }).waitFor();
    await page.getByText('Link to your existing account l***@example.com?').waitFor();
    assert.equal(page.url().includes('code='), true, 'still at the callback');
    await assertNoOverflow(page);
    await screenshot(page, 'social-link');
    await page.getByRole('button', { name: 'Link and continue' }).click();
    assert.equal((await backAtApplication(page, authorization)).claims()?.sub, existing.id);
    const fired = await events.take();
    assert.deepEqual(names(fired), ['PostSignIn', 'User.Data.Updated']);
    const updated = userDataPayload.parse(only(fired, 'User.Data.Updated'));
    assert.equal(updated.data.id, existing.id);
    assert.equal(updated.interactionEvent, 'SignIn');
    const user = expectStatus(await t.api<Json>('GET', `/users/${existing.id}`), 200);
    assert.equal(user.identities.upstream.userId, sub);
  });

  it('routes an e-mail of an SSO domain to single sign-on and provisions the bound organization', async () => {
    const organization = expectStatus(await t.api<Json>('POST', '/organizations', { name: 'Corp' }), 201);
    expectStatus(
      await t.api('POST', `/organizations/${organization.id}/jit/sso-connectors`, {
        ssoConnectorIds: [sso.id],
      }),
      201,
    );
    assert.deepEqual(names(await events.take()), ['Organization.Created']);
    const email = `worker.${newId(6)}@${domain}`;
    const sub = person(email);
    const page = await chromium.newPage({ width: 360, height: 740 });
    const authorization = await openSignIn(t, app, page);
    await page.getByLabel('Username or e-mail').fill('worker@other.example');
    await page.getByLabel('Password').waitFor();
    await page.getByLabel('Username or e-mail').fill(email);
    await page.getByRole('button', { name: 'Continue with single sign-on' }).waitFor();
    await page.getByRole('status').filter({ hasText: sso.connectorName }).waitFor();
    assert.equal(await page.getByLabel('Password').count(), 0, 'no password for an SSO domain');
    await assertNoOverflow(page);
    await screenshot(page, 'sign-in-sso');
    await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
    await signInUpstream(page, sub);
    const userId = (await backAtApplication(page, authorization)).claims()!.sub;
    const fired = await events.take();
    assert.deepEqual(names(fired), ['Organization.Membership.Updated', 'PostRegister', 'User.Created']);
    const membership = membershipPayload.parse(only(fired, 'Organization.Membership.Updated'));
    assert.equal(membership.organizationId, organization.id);
    assert.deepEqual(membership.addedUserIds, [userId]);
    assert.equal(userDataPayload.parse(only(fired, 'User.Created')).data.primaryEmail, email);
  });

  it('refuses a social sign-in asserting an e-mail of the SSO domain, in words (#24 finding 7)', async () => {
    const sub = person(`social.${newId(6)}@${domain}`);
    const page = await chromium.newPage({ width: 360, height: 740 });
    await openSignIn(t, app, page);
    await page.getByRole('button', { name: 'Continue with Upstream' }).click();
    await signInUpstream(page, sub);
    await page.getByRole('heading', { name: 'We can’t continue this sign-in' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'signs in through your organization' }).waitFor();
    assert.ok(page.url().startsWith(`${t.baseUrl}/sign-in/callback/${socialId}`), 'not back at the app');
    assert.deepEqual(names(await events.take()), [], 'no account, no sign-in');
  });

  // Issue #24, finding 2, as a browser meets it: the SSO provider vouches for another domain's address.
  it('refuses in words an SSO provider that vouches for an address of another domain', async () => {
    const victim = `owner.${newId(6)}@operator-${newId(6).toLowerCase()}.example`;
    expectStatus(await t.api<Json>('POST', '/users', { primaryEmail: victim }), 200);
    await events.take();
    const page = await chromium.newPage({ width: 360, height: 740 });
    await openSignIn(t, app, page);
    await page.getByLabel('Username or e-mail').fill(`anyone@${domain}`);
    await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
    await signInUpstream(page, person(victim));
    await page.getByRole('heading', { name: 'We can’t continue this sign-in' }).waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Single sign-on cannot sign in to the account of this e-mail address' })
      .waitFor();
    await page.getByText('single_sign_on.email_outside_connector_domains').waitFor({ state: 'attached' });
    assert.equal(page.url().startsWith(app.redirectUri), false, 'never back at the application');
    await assertNoOverflow(page);
    assert.deepEqual(names(await events.take()), []);
  });

  it('ends a forged, refused or unconfirmed callback on the error page in words, never JSON', async () => {
    const page = await chromium.newPage({ width: 360, height: 740 });
    const callback = `${t.baseUrl}/sign-in/callback/${socialId}`;
    /** Starts the social sign-in and stops at the upstream page: the state this tab sent. */
    const leave = async () => {
      await openSignIn(t, app, page);
      const request = page.waitForRequest((r) => r.url().startsWith(`${idp.issuer}/auth?`));
      await page.getByRole('button', { name: 'Continue with Upstream' }).click();
      const state = new URL((await request).url()).searchParams.get('state')!;
      await page.getByRole('heading', { name: 'Upstream identity provider' }).waitFor();
      return state;
    };
    const failure = (text: string) => page.getByRole('alert').filter({ hasText: text }).waitFor();

    await leave();
    const forged = await page.goto(`${callback}?code=stolen&state=forged-state-value`);
    assert.match(forged?.headers()['content-security-policy'] ?? '', /script-src 'self'/);
    await page.getByRole('heading', { name: 'We can’t continue this sign-in' }).waitFor();
    await failure('does not belong to this sign-in');
    await assertNoOverflow(page);
    await screenshot(page, 'social-callback-error');

    let state = await leave();
    await page.goto(
      `${callback}?error=access_denied&error_description=%3Cb%3Eupstream%3C/b%3E&state=${state}`,
    );
    await failure('The identity provider did not sign you in.');
    assert.equal((await page.content()).includes('upstream</b>'), false, 'nothing of the provider reflected');

    // The state is right but the code is not: the service's refusal, in words.
    state = await leave();
    await page.goto(`${callback}?code=not-a-real-code&state=${state}&iss=${encodeURIComponent(idp.issuer)}`);
    await failure('The identity provider did not confirm the sign-in.');
    assert.equal(await page.getByText('"code"').count(), 0, 'no raw JSON');
    // The interaction is still alive: the person can try again from the sign-in page.
    await page.getByRole('link', { name: 'Try signing in again' }).click();
    await page.getByRole('button', { name: 'Continue with Upstream' }).waitFor();
    assert.deepEqual(names(await events.take()), []);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browserUnavailable, cspViolationsOf, launchBrowser, newPage } from '../support/browser.js';
import { startLogtoSpa } from '../support/logto-spa.js';
import { startLogtoWebApp } from '../support/logto-web-app.js';
import { startTestService } from '../support/service.js';
import { newId } from '../../src/storage/ids.js';
import { apiOk } from '../support/http.js';
import { createResourceWithRoles, createUser } from '../support/sign-in-fixtures.js';

/**
 * Sign-out as real applications do it: on an origin other than the service's, through Logto's
 * SDKs, in Chromium. The application sends the browser to the end-session endpoint with its ID
 * token and registered post-logout URI; the user confirms on the hosted page; the browser must
 * arrive at that URI (across origins, under the page's Content-Security-Policy) with the session
 * ended, so that the next sign-in asks for credentials again. The SPA's journey is the whole of
 * issue #28's "Done when": before signing out it reads its claims (ID token and user info) and gets
 * an API resource's token and an organization token through the SDK.
 */

async function enterPassword(page: Page, username: string, password: string) {
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The hosted confirmation names the application, and its "Sign out" ends at `postLogoutUri`. */
async function confirmSignOut(page: Page, applicationName: string, postLogoutUri: string) {
  await page.getByText(`${applicationName} asks to sign you out.`).waitFor();
  // A refused redirect leaves the page where it is: fail with the browser's words, not a timeout.
  const refusal = page.waitForEvent('console', {
    predicate: (message) => /Content Security Policy/i.test(message.text()),
    timeout: 0,
  });
  refusal.catch(() => undefined);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  const arrived = page.waitForURL((url) => `${url.origin}${url.pathname}` === postLogoutUri);
  const refused = await Promise.race([arrived.then(() => undefined), refusal.then((m) => m.text())]);
  assert.equal(refused, undefined, 'the browser refused the way to the post-logout URI');
  assert.deepEqual(cspViolationsOf(page), [], 'the browser refused nothing under the CSP');
}

describe('signing out of applications on other origins', { skip: browserUnavailable() }, async () => {
  const t = await startTestService();
  const browser = await launchBrowser();
  const password = 'Sign-Out-Password-1';

  it('@logto/browser: an SPA signs in, reads claims, gets resource and organization tokens, and signs out back to itself', async () => {
    const user = await createUser(t, password);
    const { indicator, roles } = await createResourceWithRoles(t);
    await apiOk(t, 'POST', `/users/${user.id}/roles`, { roleIds: [roles.read] });
    const roleNames = (await apiOk<{ name: string }[]>(t, 'GET', `/users/${user.id}/roles`)).map(
      (r) => r.name,
    );
    await apiOk(t, 'PATCH', `/users/${user.id}/custom-data`, { customData: { plan: 'gold' } });
    await apiOk(t, 'PUT', `/users/${user.id}/identities/github`, { socialUserId: 'gh-7' });
    const organizationScope = `orders:${newId(6)}`;
    const { id: scopeId } = await apiOk<{ id: string }>(t, 'POST', '/organization-scopes', {
      name: organizationScope,
    });
    const orgRole = await apiOk<{ id: string; name: string }>(t, 'POST', '/organization-roles', {
      name: `buyer-${newId(6)}`,
      organizationScopeIds: [scopeId],
    });
    const { id: organizationId } = await apiOk<{ id: string }>(t, 'POST', '/organizations', { name: 'Acme' });
    await apiOk(t, 'POST', `/organizations/${organizationId}/users`, { userIds: [user.id] });
    await apiOk(t, 'POST', `/organizations/${organizationId}/users/${user.id}/roles`, {
      organizationRoleIds: [orgRole.id],
    });
    const spa = await startLogtoSpa(t, 'Shop SPA', {
      scopes: [
        'custom_data',
        'identities',
        'roles',
        'urn:logto:scope:organizations',
        'urn:logto:scope:organization_roles',
        'read',
        organizationScope,
      ],
      resources: [indicator],
    });
    const page = await newPage(browser);
    await page.goto(spa.origin);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await enterPassword(page, user.username, password);
    await page.getByText(`Signed in as ${user.id}`).waitFor();
    const read = page.getByRole('list', { name: 'What the application read' }).getByRole('listitem');
    assert.deepEqual(await read.allTextContents(), [
      `ID token roles: ${roleNames.join(' ')}`,
      `ID token organization roles: ${organizationId}:${orgRole.name}`,
      'User info custom data: {"plan":"gold"}',
      'User info identities: github',
      `Resource token for ${indicator}: read`,
      `Organization token for urn:logto:organization:${organizationId}: ${organizationScope}`,
    ]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await confirmSignOut(page, 'Shop SPA', `${spa.origin}/signed-out`);
    await page.getByRole('heading', { name: 'Signed out' }).waitFor();

    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Username or e-mail').waitFor();
  });

  it('@logto/node: a Traditional web app lands on its post-logout URI and the session is gone', async () => {
    const web = await startLogtoWebApp(t, 'Shop Web');
    const user = await createUser(t, password);
    const page = await newPage(browser);
    await page.goto(web.origin);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await enterPassword(page, user.username, password);
    await page.getByText(`Signed in as ${user.id}`).waitFor();

    await page.getByRole('link', { name: 'Sign out' }).click();
    await confirmSignOut(page, 'Shop Web', `${web.origin}/signed-out`);

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Username or e-mail').waitFor();
  });
});

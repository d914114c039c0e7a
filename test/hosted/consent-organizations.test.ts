import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { consentOrganizationIds } from '../../src/organizations/consent-organizations.repository.js';
import { newId } from '../../src/storage/ids.js';
import { names, tapAllEvents } from '../experience/events.js';
import { startChromium } from '../support/chromium.js';
import { startTestService } from '../support/service.js';
import { createApplication, createUser } from '../support/sign-in-fixtures.js';
import { assertAllLabelled, assertNoOverflow, backAtApplication, openSignIn, screenshot } from './pages.js';

const ORGANIZATIONS_SCOPE = 'urn:logto:scope:organizations';
const ORGANIZATION_ROLES_SCOPE = 'urn:logto:scope:organization_roles';

describe('consent for a third-party application asking for organizations, in Chromium', async () => {
  const t = await startTestService();
  const events = await tapAllEvents(t);
  const chromium = await startChromium();
  const thirdParty = await createApplication(t, 'Traditional', { isThirdParty: true });
  const password = 'Consent-Password-1';
  const user = await createUser(t, password);
  const organization = async (name: string) => {
    const created = await t.api<{ id: string }>('POST', '/organizations', { name });
    assert.equal(created.status, 201);
    const added = await t.api('POST', `/organizations/${created.body.id}/users`, { userIds: [user.id] });
    assert.equal(added.status, 201);
    return created.body.id;
  };
  const acme = await organization('Acme Corporation');
  const globex = await organization('Globex');
  const scope = `openid profile ${ORGANIZATIONS_SCOPE}`;

  const signIn = async (page: Awaited<ReturnType<typeof chromium.newPage>>) => {
    const authorization = await openSignIn(t, thirdParty, page, { scope });
    await page.getByLabel('Username or e-mail').fill(user.username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Traditional test app wants access' }).waitFor();
    return authorization;
  };

  it('lists the scopes and the user’s organizations; Allow with one keeps that one for the application', async () => {
    await events.take();
    const page = await chromium.newPage({ width: 360, height: 740 });
    const authorization = await signIn(page);
    await page.getByText('See your name and profile').waitFor();
    await page.getByText('See the organizations you choose below').waitFor();
    const choice = page.getByRole('group', { name: 'Organizations it may access' });
    assert.equal(await choice.getByRole('checkbox').count(), 2);
    await choice.getByRole('checkbox', { name: 'Globex' }).check();
    assert.equal(await choice.getByRole('checkbox', { name: 'Acme Corporation' }).isChecked(), false);
    await assertNoOverflow(page);
    await assertAllLabelled(page);
    await screenshot(page, 'consent-organizations');
    await page.getByRole('button', { name: 'Allow' }).click();
    const tokens = await backAtApplication(page, authorization);
    assert.equal(tokens.claims()?.sub, user.id);
    assert.deepEqual(await consentOrganizationIds(t.service.storage.db, thirdParty.id, user.id), [globex]);
    assert.deepEqual(names(await events.take()), ['PostSignIn']);
  });

  it('names every scope by what it allows, an API scope by its description; never a urn:logto:scope name', async () => {
    const indicator = `https://api-${newId(8)}.example.com`;
    const resource = await t.api<{ id: string }>('POST', '/resources', { name: 'Invoices', indicator });
    const described = await t.api<{ id: string }>('POST', `/resources/${resource.body.id}/scopes`, {
      name: 'invoices:read',
      description: 'Read your invoices',
    });
    const role = await t.api<{ id: string }>('POST', '/roles', {
      name: `reader-${newId(6)}`,
      description: 'reads invoices',
      scopeIds: [described.body.id],
    });
    assert.equal((await t.api('POST', `/users/${user.id}/roles`, { roleIds: [role.body.id] })).status, 201);
    const other = await createApplication(t, 'Traditional', { isThirdParty: true });
    const page = await chromium.newPage();
    await openSignIn(t, other, page, {
      scope: `${scope} ${ORGANIZATION_ROLES_SCOPE} invoices:read`,
      resource: indicator,
    });
    await page.getByLabel('Username or e-mail').fill(user.username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Allow' }).waitFor();
    await page.getByText('See your roles in those organizations').waitFor();
    await page.getByText('Read your invoices').waitFor();
    await page.getByText('on Invoices').waitFor();
    const text = await page.locator('body').innerText();
    assert.doesNotMatch(text, /urn:logto:scope/);
    assert.doesNotMatch(text, /invoices:read/);
  });

  it('Cancel answers access_denied and records no organization', async () => {
    const other = await createApplication(t, 'Traditional', { isThirdParty: true });
    const page = await chromium.newPage();
    const authorization = await openSignIn(t, other, page, { scope });
    await page.getByLabel('Username or e-mail').fill(user.username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('checkbox', { name: 'Acme Corporation' }).check();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.href.startsWith(other.redirectUri));
    const callback = new URL(page.url());
    assert.equal(callback.searchParams.get('error'), 'access_denied');
    assert.equal(callback.searchParams.get('state'), authorization.state);
    assert.deepEqual(await consentOrganizationIds(t.service.storage.db, other.id, user.id), []);
  });

  it('refuses an organization the user is not a member of (403), keeping the consent open', async () => {
    const outside = await t.api<{ id: string }>('POST', '/organizations', { name: 'Initech' });
    const page = await chromium.newPage();
    const other = await createApplication(t, 'Traditional', { isThirdParty: true });
    const authorization = await openSignIn(t, other, page, { scope });
    await page.getByLabel('Username or e-mail').fill(user.username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Allow' }).waitFor();
    const answer = await page.evaluate(
      async (organizationIds) => {
        const response = await fetch('/api/experience/consent', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ organizationIds }),
        });
        return { status: response.status, body: (await response.json()) as { code: string } };
      },
      [acme, outside.body.id],
    );
    assert.equal(answer.status, 403);
    assert.equal(answer.body.code, 'organization.require_membership');
    assert.deepEqual(await consentOrganizationIds(t.service.storage.db, other.id, user.id), []);
    await page.getByRole('button', { name: 'Allow' }).click();
    await backAtApplication(page, authorization);
  });
});

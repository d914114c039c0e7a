import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { browserUnavailable, cspViolationsOf, launchBrowser, newPage } from '../support/browser.js';
import { startTestService } from '../support/service.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { ADMIN, signInToConsole } from './console-fixtures.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name, exact: true });

// A third-party application's Permissions and the e-mail templates, in a real browser.
test('permissions and e-mail templates in the console', { skip: browserUnavailable() }, async (t) => {
  const service = await startTestService();
  const base = service.baseUrl;
  const setup = await fetch(`${base}/api/console/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  assert.equal(setup.status, 201, await setup.text());
  const resource = (
    await service.api<Json>('POST', '/resources', { name: 'Invoices', indicator: 'https://invoices.test' })
  ).body;
  await service.api('POST', `/resources/${resource.id}/scopes`, { name: 'invoices:read' });
  const app = await createApplication(service, 'Traditional', { name: 'Partner app', isThirdParty: true });
  const browser = await launchBrowser();
  const page = await newPage(browser);
  await page.goto(`${base}/console`);
  await signInToConsole(page, base);

  await t.test(
    'a third-party application is given user data and an API permission, then loses one',
    async () => {
      await page.goto(`${base}/console/applications/${app.id}`);
      const permissions = page.getByRole('region', { name: 'Permissions' });
      await permissions.getByText('No permissions: none is enforced yet.').waitFor();
      await permissions.getByLabel('User data').selectOption('email');
      await permissions.getByRole('button', { name: 'Add user data' }).click();
      await permissions.getByText('User data: email').waitFor();
      await permissions.getByLabel('API', { exact: true }).selectOption({ label: 'Invoices' });
      await permissions.getByLabel('API permission').selectOption({ label: 'invoices:read' });
      await permissions.getByRole('button', { name: 'Add API permission' }).click();
      await permissions.getByText('Invoices: invoices:read').waitFor();
      await permissions.getByRole('button', { name: 'Remove permission User data: email' }).click();
      await permissions.getByText('User data: email').waitFor({ state: 'detached' });
      const assigned = (await service.api<Json>('GET', `/applications/${app.id}/user-consent-scopes`)).body;
      assert.deepEqual(assigned.userScopes, []);
      assert.deepEqual(
        assigned.resourceScopes.map((group: Json) => group.scopes.map((scope: Json) => scope.name)),
        [['invoices:read']],
      );
    },
  );

  await t.test('an e-mail template is added, edited and deleted on the Connectors page', async () => {
    await section(page, 'Connectors').click();
    const templates = page.getByRole('region', { name: 'E-mail templates' });
    await templates.getByLabel('Language tag').fill('de');
    await templates.getByLabel('Usage').selectOption('SignIn');
    await templates.getByLabel('Subject').fill('Dein Anmeldecode');
    await templates.getByLabel('Content', { exact: true }).fill('Der Code ist {{code}}.');
    await templates.getByRole('button', { name: 'Save template' }).click();
    await templates.getByRole('cell', { name: 'Dein Anmeldecode' }).waitFor();

    await templates.getByRole('button', { name: 'Edit template de SignIn' }).click();
    assert.equal(await templates.getByLabel('Subject').inputValue(), 'Dein Anmeldecode');
    await templates.getByLabel('Subject').fill('Ihr Anmeldecode');
    await templates.getByRole('button', { name: 'Save template' }).click();
    await templates.getByRole('cell', { name: 'Ihr Anmeldecode' }).waitFor();
    const stored = (await service.api<Json[]>('GET', '/email-templates?languageTag=de')).body;
    assert.deepEqual(
      stored.map((row: Json) => [row.templateType, row.details.subject, row.details.content]),
      [['SignIn', 'Ihr Anmeldecode', 'Der Code ist {{code}}.']],
    );

    await templates.getByRole('button', { name: 'Delete template de SignIn' }).click();
    await templates.getByText("No templates: the connector's own apply.").waitFor();
    assert.deepEqual((await service.api<Json[]>('GET', '/email-templates')).body, []);
    assert.deepEqual(cspViolationsOf(page), []);
  });
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { browserUnavailable, launchBrowser, newPage } from '../support/browser.js';
import { startTestService } from '../support/service.js';

// The first-run page of an installation that was administered through the API while the page
// was open (or before it was opened): no administrator can be created from it.
test('the console once setup has closed', { skip: browserUnavailable() }, async (t) => {
  const service = await startTestService();
  const page = await newPage(await launchBrowser());

  await t.test('a setup form left open refuses, and says how to get in instead', async () => {
    await page.goto(`${service.baseUrl}/console`);
    await page.getByRole('heading', { name: 'Welcome to Tessera' }).waitFor();

    // Meanwhile the installation is administered through the API (the bootstrap client).
    const user = await service.api('POST', '/users', { username: 'customer', password: 'Customer-2026!' });
    assert.equal(user.status, 200, JSON.stringify(user.body));

    await page.getByLabel('Username').fill('intruder');
    await page.getByLabel('Password', { exact: true }).fill('Intruder-Admin-2026!');
    await page.getByLabel('Repeat password').fill('Intruder-Admin-2026!');
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await page.getByRole('heading', { name: 'Setup is closed' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'administered already' }).waitFor();
    await page.getByText('tessera create-admin --username NAME').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  });

  await t.test('the console opened afterwards offers sign-in, never setup', async () => {
    await page.goto(`${service.baseUrl}/console`);
    await page.getByRole('heading', { name: 'Tessera console' }).waitFor();
    await page.getByText('tessera create-admin --username NAME').waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Welcome to Tessera' }).count(), 0);
    assert.equal(await page.getByRole('form', { name: 'Create the first administrator' }).count(), 0);
  });
});

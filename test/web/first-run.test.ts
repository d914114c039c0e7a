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

// The policy's refusal on the first-run form reads as a sentence, and a refusal of an earlier
// attempt is gone once the next attempt shows its own error.
test(
  'the first-run form words the password policy and drops stale errors',
  { skip: browserUnavailable() },
  async (t) => {
    const service = await startTestService();
    const page = await newPage(await launchBrowser());
    await page.goto(`${service.baseUrl}/console`);
    await page.getByRole('heading', { name: 'Welcome to Tessera' }).waitFor();
    const alerts = page.getByRole('alert');

    await t.test('a too short password is refused in words', async () => {
      await page.getByLabel('Username').fill('first_admin');
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByLabel('Repeat password').fill('short');
      await page.getByRole('button', { name: 'Create administrator' }).click();
      await alerts.filter({ hasText: 'The password is too short: use at least 8 characters.' }).waitFor();
      assert.doesNotMatch(await page.locator('main').innerText(), /password_rejected/);
    });

    await t.test('the next error replaces it', async () => {
      await page.getByLabel('Password', { exact: true }).fill('Long-Enough-Admin-2026!');
      await page.getByLabel('Repeat password').fill('Something-else-2026!');
      await page.getByRole('button', { name: 'Create administrator' }).click();
      await alerts.filter({ hasText: 'The passwords differ.' }).waitFor();
      assert.equal(await alerts.filter({ hasText: 'too short' }).count(), 0);
      assert.equal(await alerts.count(), 1);
    });
  },
);

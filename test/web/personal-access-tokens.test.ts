import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createUser } from '../impersonation/fixtures.js';
import { browserUnavailable, launchBrowser, newPage } from '../support/browser.js';
import { apiOk } from '../support/http.js';
import { startTestService } from '../support/service.js';
import { ADMIN, signInToConsole } from './console-fixtures.js';

// The user page's personal access tokens: create (the value shown), reveal, delete.
test('the console manages a user’s personal access tokens', { skip: browserUnavailable() }, async () => {
  const service = await startTestService();
  const setup = await fetch(`${service.baseUrl}/api/console/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  assert.equal(setup.status, 201, await setup.text());
  const userId = await createUser(service);
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser);
    await page.goto(`${service.baseUrl}/console`);
    await signInToConsole(page, service.baseUrl);
    await page.goto(`${service.baseUrl}/console/users/${userId}`);
    const section = page.getByRole('region', { name: 'Personal access tokens' });
    const form = section.getByRole('form', { name: 'Create personal access token' });
    await form.getByLabel('Token name').fill('ci');
    await form.getByLabel('Expires after').selectOption({ label: '30 days' });
    await form.getByRole('button', { name: 'Create token' }).click();
    const value = (await section.getByLabel('Value of ci').first().textContent())!;
    assert.match(value, /^pat_/);

    const stored = await apiOk<{ name: string; value: string; expiresAt: number }[]>(
      service,
      'GET',
      `/users/${userId}/personal-access-tokens`,
    );
    assert.deepEqual(
      stored.map((token) => [token.name, token.value]),
      [['ci', value]],
    );
    assert.ok(Math.abs(stored[0]!.expiresAt - Date.now() - 30 * 86_400_000) < 120_000);

    await section.getByRole('button', { name: 'Show tokens' }).click();
    await section.getByRole('cell', { name: 'ci', exact: true }).waitFor();
    await section.getByRole('button', { name: 'Delete ci' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await section.getByText('No personal access tokens.').waitFor();
    assert.deepEqual(await apiOk(service, 'GET', `/users/${userId}/personal-access-tokens`), []);
  } finally {
    await browser.close();
  }
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { browserUnavailable, launchBrowser } from '../support/browser.js';
import { startTestService } from '../support/service.js';
import { ADMIN } from './console-fixtures.js';

// The console's chrome follows the browser's language until one is chosen in its menu; its
// sign-in asks the hosted page for the same language (ui_locales).
test(
  'the console chrome in the browser language, then the one chosen',
  { skip: browserUnavailable() },
  async (t) => {
    const service = await startTestService();
    const browser = await launchBrowser();
    const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();

    await t.test('a German browser gets the first-run page and the hosted sign-in in German', async () => {
      await page.goto(`${service.baseUrl}/console`);
      await page.getByRole('heading', { name: 'Willkommen bei Tessera' }).waitFor();
      assert.equal(await page.evaluate('document.documentElement.lang'), 'de');
      await page.getByLabel('Benutzername').fill(ADMIN.username);
      await page.getByLabel('Passwort', { exact: true }).fill(ADMIN.password);
      await page.getByLabel('Passwort wiederholen').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Administrator erstellen' }).click();
      await page.getByRole('heading', { name: 'Administrator erstellt' }).waitFor();

      const authorization = page.waitForRequest((request) =>
        new URL(request.url()).pathname.endsWith('/auth'),
      );
      await page.getByRole('button', { name: 'Anmelden' }).click();
      assert.equal(new URL((await authorization).url()).searchParams.get('ui_locales'), 'de');
      await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
      await page.getByLabel('Benutzername oder E-Mail').fill(ADMIN.username);
      await page.getByLabel('Passwort', { exact: true }).fill(ADMIN.password);
      await page.getByRole('button', { name: 'Anmelden' }).click();
      const sections = page.getByRole('navigation', { name: 'Bereiche der Konsole' });
      await sections.getByRole('link', { name: 'Anwendungen' }).waitFor();
      await page.getByRole('button', { name: 'Abmelden' }).waitFor();
    });

    await t.test('the language menu switches the chrome, and the choice stays after a reload', async () => {
      await page.getByLabel('Sprache').selectOption({ label: 'English' });
      await page
        .getByRole('navigation', { name: 'Console sections' })
        .getByRole('link', { name: 'Users' })
        .waitFor();
      assert.equal(await page.evaluate('document.documentElement.lang'), 'en');
      await page.reload();
      await page.getByRole('navigation', { name: 'Console sections' }).waitFor();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      assert.equal(await page.getByLabel('Language').inputValue(), 'en');
    });
  },
);

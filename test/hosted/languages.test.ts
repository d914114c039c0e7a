import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startTestService } from '../support/service.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { openSignIn, screenshot } from './pages.js';

const languages = ['en', 'de', 'fr', 'es', 'ja', 'zh-CN', 'pt-BR'];

/** The words a language's catalog gives the sign-in page (read from the shipped files). */
async function words(language: string) {
  const read = async (namespace: string) =>
    JSON.parse(await readFile(`hosted/src/locales/${language}/${namespace}.json`, 'utf8')) as Record<
      string,
      Record<string, string> & { title?: string }
    >;
  const signIn = await read('sign-in');
  const common = await read('common');
  return {
    title: signIn.title as unknown as string,
    identifier: signIn.identifier as unknown as string,
    forgot: signIn.forgotPassword as unknown as string,
    password: common.field!.password!,
    submit: common.action!.signIn!,
  };
}

/** A page in a browser whose languages (Accept-Language, navigator.languages) are `locale`'s. */
async function pageIn(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale, viewport: { width: 1024, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, errors };
}

/** The sign-in page is in `language`: heading, fields, button and link, with no key left untranslated. */
async function assertSignInIn(page: Page, errors: string[], language: string) {
  const expected = await words(language);
  await page.getByRole('heading', { name: expected.title }).waitFor();
  await page.getByLabel(expected.identifier).waitFor();
  await page.getByLabel(expected.password, { exact: true }).waitFor();
  await page.getByRole('button', { name: expected.submit, exact: true }).waitFor();
  await page.getByRole('link', { name: expected.forgot }).waitFor();
  assert.equal(await page.evaluate('document.documentElement.lang'), language);
  assert.deepEqual(
    errors.filter((text) => text.startsWith('i18n:')),
    [],
    `untranslated words in ${language}`,
  );
  const text = (await page.locator('main').textContent()) ?? '';
  assert.doesNotMatch(text, /\b(sign-in|common):|\b(title|identifier|forgotPassword)\b/, 'a raw key shows');
}

describe('hosted pages in seven languages, chosen as Logto does', async () => {
  const t = await startTestService();
  const browser = await launchBrowser();
  const app = await createApplication(t, 'Traditional');

  for (const language of languages) {
    it(`ui_locales=${language} shows the sign-in page in that language`, async () => {
      const { page, errors } = await pageIn(browser, 'en-US');
      await openSignIn(t, app, page, { ui_locales: language });
      await assertSignInIn(page, errors, language);
      // Two Latin-script languages: a machine taking screenshots may lack CJK fonts.
      if (language === 'de' || language === 'fr') await screenshot(page, `sign-in-${language}`);
      await page.context().close();
    });
  }

  it('ui_locales=de gives German in an English browser; unknown tags before it are passed over', async () => {
    const { page, errors } = await pageIn(browser, 'en-US');
    await openSignIn(t, app, page, { ui_locales: 'xx-YY de-AT' });
    await assertSignInIn(page, errors, 'de');
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    await page.context().close();
  });

  it('without ui_locales the browser language decides (Accept-Language fr)', async () => {
    const { page, errors } = await pageIn(browser, 'fr-FR');
    await openSignIn(t, app, page);
    await assertSignInIn(page, errors, 'fr');
    await page.context().close();
  });

  it('languageInfo: detection off gives the fallback language; ui_locales still comes first', async () => {
    const patch = (languageInfo: object) => t.api('PATCH', '/sign-in-exp', { languageInfo });
    assert.equal((await patch({ autoDetect: false, fallbackLanguage: 'ja' })).status, 200);
    try {
      const french = await pageIn(browser, 'fr-FR');
      await openSignIn(t, app, french.page);
      await assertSignInIn(french.page, french.errors, 'ja');
      await french.page.context().close();

      const asked = await pageIn(browser, 'fr-FR');
      await openSignIn(t, app, asked.page, { ui_locales: 'es' });
      await assertSignInIn(asked.page, asked.errors, 'es');
      await asked.page.context().close();

      // Detection on: a browser language not shipped falls back to the fallback language.
      assert.equal((await patch({ autoDetect: true, fallbackLanguage: 'pt-BR' })).status, 200);
      const italian = await pageIn(browser, 'it-IT');
      await openSignIn(t, app, italian.page);
      await assertSignInIn(italian.page, italian.errors, 'pt-BR');
      await italian.page.context().close();
    } finally {
      await patch({ autoDetect: true, fallbackLanguage: 'en' });
    }
  });
});

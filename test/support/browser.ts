import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { after } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/**
 * Why browser tests cannot run here, or undefined when they can: without Debian's chromium they
 * are skipped on a developer's machine, and fail under CI=true (where .ci/run installs it).
 */
export function browserUnavailable(): string | undefined {
  if (existsSync(CHROMIUM)) return undefined;
  if (process.env.CI === 'true')
    throw new Error(`${CHROMIUM} is missing and CI=true: browser tests must run`);
  return `${CHROMIUM} is missing (apt-get install chromium)`;
}

/** Headless Debian chromium, closed after the test file. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  after(() => browser.close());
  return browser;
}

const cspViolations = new WeakMap<Page, string[]>();

/** A fresh browser context (own cookies and storage) and a page in it that records CSP violations. */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const violations: string[] = [];
  cspViolations.set(page, violations);
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  return page;
}

/** What the browser refused under the page's Content-Security-Policy so far. */
export function cspViolationsOf(page: Page): string[] {
  return cspViolations.get(page) ?? [];
}

/**
 * Saves a full-page PNG into `folder` (docs/console/ unless said) when TESSERA_SCREENSHOTS=1
 * (`npm run screenshots`), so ordinary test runs leave the working tree alone.
 */
export async function screenshot(page: Page, name: string, folder = 'docs/console'): Promise<void> {
  if (process.env.TESSERA_SCREENSHOTS !== '1') return;
  const directory = path.resolve(folder);
  await mkdir(directory, { recursive: true });
  await page.screenshot({ path: path.join(directory, `${name}.png`), fullPage: true });
}

import assert from 'node:assert/strict';
import * as oidc from 'openid-client';
import type { Locator, Page } from 'playwright-core';
import { authorize } from '../support/oidc-sign-in.js';
import { screenshot as takeScreenshot } from '../support/browser.js';
import type { TestService } from '../support/service.js';
import type { TestApplication } from '../support/sign-in-fixtures.js';

/** The application starts an authorization; the page lands on the hosted sign-in. */
export async function openSignIn(
  t: TestService,
  app: TestApplication,
  page: Page,
  parameters: Record<string, string> = {},
) {
  const authorization = await authorize(t, app, parameters);
  await page.goto(authorization.url.href);
  await page.waitForURL((url) => url.pathname.startsWith('/sign-in'));
  return authorization;
}

/** The browser arrives back at the application; the application exchanges the code. */
export async function backAtApplication(page: Page, authorization: Awaited<ReturnType<typeof openSignIn>>) {
  await page.waitForURL((url) => url.href.startsWith(authorization.app.redirectUri), { timeout: 30_000 });
  const callback = new URL(page.url());
  assert.ok(callback.searchParams.get('code'), `no code in ${callback.href}`);
  return oidc.authorizationCodeGrant(authorization.client, callback, {
    pkceCodeVerifier: authorization.verifier,
    expectedState: authorization.state,
  });
}

/** Whether the control has the keyboard focus. */
export const isFocused = (control: Locator) =>
  control.evaluate((element) => element === element.ownerDocument.activeElement);

/** A PNG of the page for docs/experience/, taken by `npm run screenshots`. */
export const screenshot = (page: Page, name: string) => takeScreenshot(page, name, 'docs/experience');

/** Nothing is wider than the viewport: no horizontal scrolling. */
export async function assertNoOverflow(page: Page) {
  const widths = await page.evaluate<{ scroll: number; inner: number }>(
    '({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth })',
  );
  assert.ok(widths.scroll <= widths.inner, `page is ${widths.scroll}px wide in a ${widths.inner}px viewport`);
}

/** Every form control has an accessible name from a label (or aria-label): none is unnamed. */
export async function assertAllLabelled(page: Page) {
  const unnamed = await page.evaluate<string[]>(
    `[...document.querySelectorAll('input:not([type=hidden]), select, textarea')]
      .filter((e) => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby'))
      .map((e) => e.outerHTML)`,
  );
  assert.deepEqual(unnamed, [], 'controls without a label');
}

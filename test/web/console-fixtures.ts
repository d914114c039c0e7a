import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

export const ADMIN = { username: 'admin', password: 'Tessera-Console-2026!' };

/** Through the console's Sign in button and the end-user sign-in page, back to the console. */
export async function signInToConsole(page: Page, baseUrl: string, user = ADMIN): Promise<void> {
  await page.getByRole('button', { name: /^Sign in/ }).click();
  await page.waitForURL((url) => url.pathname === '/sign-in');
  await page.getByLabel('Username or e-mail').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(
    (url) => url.href.startsWith(`${baseUrl}/console/`) && !url.pathname.endsWith('/callback'),
  );
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

export interface ShownExchange {
  url: string;
  clientId: string;
  form: Record<string, string>;
}

/** Reads the curl command the impersonation panel shows: its URL, Basic user and form fields. */
export function parseExchangeCommand(command: string): ShownExchange {
  const url = /curl -X POST '([^']+)'/.exec(command)?.[1];
  const clientId = /-u "([^:]+):\$APP_SECRET"/.exec(command)?.[1];
  assert.ok(url && clientId, `an exchange command with URL and client: ${command}`);
  const form: Record<string, string> = {};
  for (const match of command.matchAll(/--data-urlencode '([^=]+)=([^']*)'/g)) form[match[1]!] = match[2]!;
  return { url, clientId, form };
}

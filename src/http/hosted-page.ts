import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PAGE_CSP, webRoot } from './web-root.js';

/**
 * The hosted pages' policy: the console's, except that the sign-in experience's logo may be an
 * https image of another origin. Still no inline script or style.
 */
export const HOSTED_CSP = PAGE_CSP.replace("img-src 'self' data:", "img-src 'self' data: https:");

export const HOSTED_HEADERS: Record<string, string> = {
  'cache-control': 'no-store',
  'content-security-policy': HOSTED_CSP,
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The built hosted app's HTML, with what a server-rendered moment tells the page (an error, a
 * sign-out form's action and token) as <meta> members: data, never script, so the CSP holds.
 */
export async function hostedHtml(meta: Record<string, string> = {}): Promise<string | undefined> {
  const file = path.join(webRoot(), 'hosted', 'index.html');
  if (!existsSync(file)) return undefined;
  const html = await readFile(file, 'utf8');
  const tags = Object.entries(meta)
    .map(([name, value]) => `<meta name="tessera-${name}" content="${escapeAttribute(value)}">`)
    .join('');
  return html.replace('<head>', `<head>${tags}`);
}

/** The request's `ui_locales` (OIDC), the language the page shows first when it has it. */
export const uiLocalesMeta = (uiLocales: unknown): Record<string, string> =>
  typeof uiLocales === 'string' && uiLocales.trim() ? { 'ui-locales': uiLocales.trim() } : {};

export const NOT_BUILT = 'The browser pages are not built: run `npm run build:web` (npm ci does it).';

import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The directory of the built browser pages (`npm run build:web` writes it): `dist/pages` under the
 * package root, found by walking up from this module so it holds whether the server runs from
 * sources (tsx) or from compiled output.
 */
export function webRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return path.join(dir, 'dist', 'pages');
}

/**
 * The policy for every built page: scripts and styles only from files of this origin (Vite emits
 * no inline script or style), API and OIDC calls only to this origin, never framed.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

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

/**
 * The source expression under which a form's submission may end at `uri` (Chromium checks
 * `form-action` against every redirect of a submission, not only its action): an http(s) URI's
 * origin, a native app's private-use scheme (RFC 8252 7.1) as that scheme; nothing otherwise.
 */
function formTargetSource(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  return /^[a-z][a-z\d+.-]*:$/.test(url.protocol) ? url.protocol : undefined;
}

/** `policy` with its `form-action` also allowing exactly the sources of `targets`. */
export function allowFormTargets(policy: string, targets: readonly string[]): string {
  const sources = targets.flatMap((uri) => formTargetSource(uri) ?? []);
  if (sources.length === 0) return policy;
  return policy.replace("form-action 'self'", `form-action 'self' ${[...new Set(sources)].join(' ')}`);
}

import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';
import { listenAsApplication, sendHtml } from './app-origin.js';
import type { TestService } from './service.js';
import { createApplication, type TestApplication } from './sign-in-fixtures.js';

// The real path: the test run's transpiled copy reaches test/apps through a link, and Vite names
// the page by its path relative to the root it resolved.
const source = realpathSync(fileURLToPath(new URL('../apps/logto-spa/', import.meta.url)));

/** test/apps/logto-spa built by Vite in memory: its HTML page and its script files by path. */
async function buildSpa(): Promise<{ html: string; scripts: Map<string, string> }> {
  const output = (await build({
    configFile: false,
    root: source,
    logLevel: 'silent',
    build: { write: false, modulePreload: { polyfill: false } },
  })) as Rollup.RollupOutput;
  const scripts = new Map<string, string>();
  let html = '';
  for (const file of output.output) {
    if (file.type === 'chunk') scripts.set(`/${file.fileName}`, file.code);
    else if (file.fileName === 'index.html') html = String(file.source);
  }
  return { html, scripts };
}

/**
 * A single-page application using `@logto/browser`, served from its own origin and registered as
 * an SPA whose redirect URI is `/callback` and post-logout URI `/signed-out`. Every other path
 * serves the page, as an SPA's host does. `scopes` and `resources` go to the SDK's config.
 */
export async function startLogtoSpa(
  t: TestService,
  name: string,
  ask: { scopes?: string[]; resources?: string[] } = {},
) {
  const { html, scripts } = await buildSpa();
  let page = html;
  const origin = await listenAsApplication((req, res) => {
    const path = new URL(req.url ?? '/', origin).pathname;
    const script = scripts.get(path);
    if (script === undefined) return sendHtml(res, page);
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
    res.end(script);
  });
  const app: TestApplication = await createApplication(t, 'SPA', {
    name,
    redirectUri: `${origin}/callback`,
    postLogoutRedirectUris: [`${origin}/signed-out`],
  });
  const settings = {
    'logto-endpoint': t.baseUrl,
    'logto-app-id': app.id,
    'logto-scopes': (ask.scopes ?? []).join(' '),
    'logto-resources': (ask.resources ?? []).join(' '),
  };
  const tags = Object.entries(settings).map(([key, value]) => `<meta name="${key}" content="${value}">`);
  page = html.replace('<head>', `<head>${tags.join('')}`);
  return { origin, app };
}

import { listenAsApplication, redirect, sendHtml } from './app-origin.js';
import { logtoSdk } from './logto-sdk.js';
import type { TestService } from './service.js';
import { createApplication } from './sign-in-fixtures.js';

/**
 * A server-rendered web application using `@logto/node` on its own origin, for one browser: its
 * routes are `/sign-in`, `/callback`, `/sign-out` (post-logout URI `/signed-out`) and `/`, which
 * says who is signed in. Registered as a Traditional application.
 */
export async function startLogtoWebApp(t: TestService, name: string) {
  const origin = await listenAsApplication((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    void route(url).then(
      (outcome) => ('redirect' in outcome ? redirect(res, outcome.redirect) : sendHtml(res, outcome.html)),
      (error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      },
    );
  });
  const app = await createApplication(t, 'Traditional', {
    name,
    redirectUri: `${origin}/callback`,
    postLogoutRedirectUris: [`${origin}/signed-out`],
  });
  const sdk = logtoSdk(t, app, { scopes: [] });

  async function route(url: URL): Promise<{ redirect: string } | { html: string }> {
    const { client, navigations } = sdk;
    switch (url.pathname) {
      case '/sign-in':
        await client.signIn(`${origin}/callback`);
        return { redirect: navigations.at(-1)! };
      case '/callback':
        await client.handleSignInCallback(url.href);
        return { redirect: '/' };
      case '/sign-out':
        await client.signOut(`${origin}/signed-out`);
        return { redirect: navigations.at(-1)! };
      case '/signed-out':
        return { html: page('Signed out', '<a href="/sign-in">Sign in</a>') };
      default: {
        if (!(await client.isAuthenticated()))
          return { html: page('Signed out', '<a href="/sign-in">Sign in</a>') };
        const { sub } = await client.getIdTokenClaims();
        return { html: page('Signed in', `<p>Signed in as ${sub}</p><a href="/sign-out">Sign out</a>`) };
      }
    }
  }

  return { origin, app };
}

const page = (heading: string, body: string) =>
  `<!doctype html><html lang="en"><title>${heading}</title><h1>${heading}</h1>${body}</html>`;

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { PAGE_CSP, webRoot } from '../http/web-root.js';

/**
 * The built browser pages: hashed assets under /assets/ (cached for a year, immutable), and the
 * console's single page at /console and the account center's at /account, with every client route below them (never cached, so a new
 * build is picked up at once).
 */
export const webRoutes: FastifyPluginAsync = async (app) => {
  const root = webRoot();
  const assets = path.join(root, 'assets');
  if (existsSync(assets)) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      index: false,
      wildcard: true,
      setHeaders: (res) => res.raw.setHeader('x-content-type-options', 'nosniff'),
    });
  }

  const consolePage = (_request: unknown, reply: FastifyReply) => sendPage(reply, root, 'console/index.html');
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/console'));
  app.get('/console', { schema: { hide: true } }, consolePage);
  app.get('/console/*', { schema: { hide: true } }, consolePage);

  // The end users' account center: a client of the Account API like any integrator's page.
  const accountPage = (_request: unknown, reply: FastifyReply) => sendPage(reply, root, 'account/index.html');
  app.get('/account', { schema: { hide: true } }, accountPage);
  app.get('/account/*', { schema: { hide: true } }, accountPage);
};

/** One built HTML page with the page headers; a 503 that says why when the pages were not built. */
export async function sendPage(reply: FastifyReply, root: string, file: string): Promise<FastifyReply> {
  reply
    .header('cache-control', 'no-cache')
    .header('content-security-policy', PAGE_CSP)
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY');
  const full = path.join(root, file);
  if (!existsSync(full)) {
    return reply
      .status(503)
      .type('text/plain; charset=utf-8')
      .send('The browser pages are not built: run `npm run build:web` (npm ci does it).');
  }
  return reply.type('text/html; charset=utf-8').send(await readFile(full));
}

import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { signInHtml } from './sign-in-html.js';

/**
 * GET /sign-in: the interaction URL oidc-provider sends browsers to. A plain page whose script
 * drives the Experience API; any other page doing the same calls can replace it.
 */
export const signInPageRoutes: FastifyPluginAsync = async (app) => {
  app.get('/sign-in', { schema: { hide: true } }, async (_request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; ` +
          `connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'`,
      )
      .send(signInHtml(nonce));
  });
};

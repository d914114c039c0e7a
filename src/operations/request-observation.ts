import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics.js';

// oidc-provider's own routes (mounted raw under /oidc, so Fastify has no template for them).
const oidcRoutes = new Set([
  '/.well-known/openid-configuration',
  '/auth',
  '/token',
  '/token/introspection',
  '/token/revocation',
  '/me',
  '/jwks',
  '/session/end',
  '/session/end/confirm',
  '/session/end/success',
  '/reg',
  '/request',
  '/device/auth',
  '/device',
]);

/** The route a request is counted and logged under: a template, never the raw path. */
export function routeLabel(request: FastifyRequest, path: string): string {
  const template = request.routeOptions.url;
  if (template) return template;
  if (!path.startsWith('/oidc/') && path !== '/oidc') return 'unmatched';
  const rest = path.slice('/oidc'.length);
  if (oidcRoutes.has(rest)) return `/oidc${rest}`;
  // `/oidc/auth/:uid` (resume), `/oidc/interaction/:uid`…: grouped by their first segment.
  const first = rest.split('/')[1];
  return first && oidcRoutes.has(`/${first}`) ? `/oidc/${first}/*` : '/oidc/*';
}

/**
 * Times every request, raw /oidc ones included (they never reach a Fastify route, so the hook
 * watches the response itself), for the duration histogram and one `info` line per request.
 * Registered before the /oidc mount.
 */
export function observeRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onRequest', (request, reply, done) => {
    const started = process.hrtime.bigint();
    // Read now: the /oidc mount rewrites the URL it hands to oidc-provider.
    const path = request.url.split('?', 1)[0]!;
    reply.raw.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeLabel(request, path);
      const statusCode = reply.raw.statusCode;
      metrics.httpRequestSeconds.observe(
        { method: request.method, route, status_code: String(statusCode) },
        seconds,
      );
      request.log.info(
        { method: request.method, route, statusCode, ms: Math.round(seconds * 10_000) / 10 },
        'request',
      );
    });
    done();
  });
}

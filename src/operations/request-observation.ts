import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { NodeHandler } from '../oidc/oidc-mount.js';
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

/** The label of a raw /oidc request (they never reach a Fastify route): a template, never the raw path. */
export function oidcRouteLabel(path: string): string {
  const rest = path.slice('/oidc'.length);
  if (oidcRoutes.has(rest)) return `/oidc${rest}`;
  // `/oidc/auth/:uid` (resume), `/oidc/interaction/:uid`…: grouped by their first segment.
  const first = rest.split('/')[1];
  return first && oidcRoutes.has(`/${first}`) ? `/oidc/${first}/*` : '/oidc/*';
}

/** Counts a response in the duration histogram and logs one `info` line for it, when it finishes. */
export function observeResponse(
  res: ServerResponse,
  request: { method: string; log: Pick<Logger, 'info'> },
  route: () => string,
  metrics: Metrics,
): void {
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const statusCode = res.statusCode;
    const label = route();
    metrics.httpRequestSeconds.observe(
      { method: request.method, route: label, status_code: String(statusCode) },
      seconds,
    );
    request.log.info(
      { method: request.method, route: label, statusCode, ms: Math.round(seconds * 10_000) / 10 },
      'request',
    );
  });
}

/** Times every request Fastify routes, for the duration histogram and one `info` line per request. */
export function observeRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onRequest', (request, reply, done) => {
    observeResponse(reply.raw, request, () => request.routeOptions.url ?? 'unmatched', metrics);
    done();
  });
}

/** The same for the raw /oidc mount, wrapped around its handler. */
export function observeOidc(handler: NodeHandler, log: Pick<Logger, 'info'>, metrics: Metrics): NodeHandler {
  return (req, res) => {
    // Read now: the mount rewrites the URL it hands to oidc-provider.
    const path = (req.url ?? '').split('?', 1)[0]!;
    observeResponse(res, { method: req.method ?? 'GET', log }, () => oidcRouteLabel(path), metrics);
    handler(req, res);
  };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, SpanKind, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
} from '@opentelemetry/semantic-conventions';
import type { FastifyInstance } from 'fastify';
import type { NodeHandler } from '../oidc/oidc-mount.js';
import { oidcRouteLabel } from './request-observation.js';

/** A server span named `METHOD route`: the route template, never the raw URL or its query. */
function startRequestSpan(tracer: Tracer, method: string): Span {
  return tracer.startSpan(method, {
    kind: SpanKind.SERVER,
    attributes: { [ATTR_HTTP_REQUEST_METHOD]: method },
  });
}

/** Ends the span when the response finishes, or when the connection closes first. */
function endOnResponse(res: ServerResponse, span: Span, method: string, route: () => string): void {
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    endRequestSpan(span, method, route(), res.statusCode);
  };
  res.once('finish', end);
  res.once('close', end);
}

function endRequestSpan(span: Span, method: string, route: string, statusCode: number): void {
  span.updateName(`${method} ${route}`);
  span.setAttributes({ [ATTR_HTTP_ROUTE]: route, [ATTR_HTTP_RESPONSE_STATUS_CODE]: statusCode });
  if (statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/**
 * A span per request Fastify routes, active while its hooks and handler run: entered at
 * `onRequest`, and again at `preHandler` because a body is read in the socket's context, not the
 * request's. Ended when the response is finished or the connection closes.
 */
export function traceRequests(app: FastifyInstance, tracer: Tracer): void {
  const spans = new WeakMap<object, Span>();
  app.addHook('onRequest', (request, reply, done) => {
    const span = startRequestSpan(tracer, request.method);
    spans.set(request, span);
    endOnResponse(reply.raw, span, request.method, () => request.routeOptions.url ?? 'unmatched');
    context.with(trace.setSpan(context.active(), span), done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const span = spans.get(request);
    if (span) context.with(trace.setSpan(context.active(), span), done);
    else done();
  });
}

/** The same for the raw /oidc mount: a span named by the path's template, active in the provider. */
export function traceOidc(handler: NodeHandler, tracer: Tracer): NodeHandler {
  return (req: IncomingMessage, res: ServerResponse) => {
    // Read now: the mount rewrites the URL it hands to oidc-provider.
    const path = (req.url ?? '').split('?', 1)[0]!;
    const method = req.method ?? 'GET';
    const span = startRequestSpan(tracer, method);
    endOnResponse(res, span, method, () => oidcRouteLabel(path));
    context.with(trace.setSpan(context.active(), span), () => handler(req, res));
  };
}

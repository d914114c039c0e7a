import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => unknown;

const mountPath = '/oidc';

export function isOidcRequest(url: string): boolean {
  return url === mountPath || url.startsWith(`${mountPath}/`) || url.startsWith(`${mountPath}?`);
}

/**
 * oidc-provider under /oidc, called straight from the Node server rather than through a Fastify
 * route: its requests use nothing Fastify adds (routing, hooks, request and reply objects), and on
 * the token endpoint that layer cost a tenth of the CPU of a token. The provider reads its mount
 * path from `originalUrl`, as behind any connect-style mount.
 */
export function oidcMount(guard: Middleware, provider: NodeHandler): NodeHandler {
  return (req, res) => {
    const url = req.url ?? mountPath;
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = url;
    const rest = url.slice(mountPath.length);
    req.url = rest.startsWith('/') ? rest : `/${rest}`;
    void guard(req, res, (error) => {
      if (error === undefined) return provider(req, res);
      // The guard fails only when the body stream does (the client went away mid-request).
      res.statusCode = 400;
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(
        JSON.stringify({ error: 'invalid_request', error_description: 'the request body could not be read' }),
      );
    });
  };
}

/**
 * The HTTP server for Fastify, with /oidc requests taken off before Fastify sees them once the
 * provider is mounted (`mount` is read per request). Timeouts are Fastify's defaults.
 */
export function serverWithOidc(mount: () => NodeHandler | undefined) {
  return (fastifyHandler: NodeHandler): Server => {
    const server = createServer((req, res) => {
      const oidc = mount();
      if (oidc && isOidcRequest(req.url ?? '')) oidc(req, res);
      else fastifyHandler(req, res);
    });
    server.keepAliveTimeout = 72_000;
    return server;
  };
}

import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';

/**
 * An application's own web server on a loopback port, addressed as `localhost` so that its origin
 * (and site) differs from the service's `127.0.0.1`, as a real application's does. Closed after
 * the test file.
 */
export async function listenAsApplication(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return `http://localhost:${(server.address() as AddressInfo).port}`;
}

export function sendHtml(res: Parameters<RequestListener>[1], body: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}

export function redirect(res: Parameters<RequestListener>[1], location: string): void {
  res.writeHead(302, { location, 'cache-control': 'no-store' });
  res.end();
}

// The reference for the token endpoint: oidc-provider as installed, on its in-memory adapter, with
// one confidential client and one resource server issuing ES256 JWT access tokens (resource
// indicators), and nothing else. Run as its own process by startBareProvider(); prints its port.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import Provider from 'oidc-provider';

export const BARE_CLIENT = { id: 'bench-client', secret: 'bench-client-secret-0123456789abcdef' };
export const BARE_RESOURCE = 'https://orders.bench.example.com';
export const BARE_SCOPE = 'orders:read orders:write';

async function main(): Promise<void> {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'ES256', use: 'sig' };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const provider = new Provider(`http://127.0.0.1:${port}/oidc`, {
    jwks: { keys: [jwk as never] },
    clients: [
      {
        client_id: BARE_CLIENT.id,
        client_secret: BARE_CLIENT.secret,
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => BARE_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: BARE_SCOPE,
          audience: BARE_RESOURCE,
          accessTokenTTL: 900,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'ES256' } },
        }),
      },
    },
  });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    // Mounted under /oidc like Tessera's, so both answer the same request line.
    if (req.url?.startsWith('/oidc')) req.url = req.url.slice('/oidc'.length) || '/';
    callback(req, res);
  });
  // An orderly exit, so `--cpu-prof` writes its profile.
  process.once('SIGTERM', () => process.exit(0));
  console.log(JSON.stringify({ port }));
}

if (process.argv[2] === 'serve') await main();

/** Starts the bare provider in its own process (group), killed with the benchmark. */
export async function startBareProvider(
  nodeArgs: string[] = [],
): Promise<{ baseUrl: string; pid: number; stop(): Promise<void> }> {
  const { spawnTracked, stopTracked } = await import('../processes.js');
  const child = spawnTracked(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', fileURLToPath(import.meta.url), 'serve'],
    {
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      if (process.env.TESSERA_BENCH_SERVICE_STDOUT === 'inherit') process.stdout.write(chunk);
      buffered += chunk.toString();
      const line = buffered.split('\n').find((l) => l.startsWith('{"port"'));
      if (line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`the bare provider exited with ${code}`)));
  });
  return { baseUrl: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => stopTracked(child) };
}

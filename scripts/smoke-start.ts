// Starts the compiled service the way the Docker image does (`node dist/cli.js start`) on a fresh
// PGlite directory with the running Node, waits for discovery and the JWKS, and fails on any
// runtime warning from oidc-provider. Used by .ci/run on Node 24.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const port = await new Promise<number>((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});
const dataDir = await mkdtemp(path.join(tmpdir(), 'tessera-smoke-'));
const baseUrl = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ['dist/cli.js', 'start'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: baseUrl, DATA_DIR: dataDir },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
const exited = new Promise((resolve) => child.once('exit', resolve));

let failure: string | undefined;
try {
  const issuer = await waitForDiscovery(`${baseUrl}/oidc/.well-known/openid-configuration`, 180_000);
  const jwks = (await (await fetch(`${baseUrl}/oidc/jwks`)).json()) as { keys: unknown[] };
  if (issuer !== `${baseUrl}/oidc`) failure = `unexpected issuer ${issuer}`;
  else if (jwks.keys.length === 0) failure = 'empty JWKS';
  else if (/unsupported runtime/i.test(output)) failure = 'oidc-provider warns about the runtime';
} catch (error) {
  failure = error instanceof Error ? error.message : String(error);
} finally {
  child.kill('SIGTERM');
  await exited;
  await rm(dataDir, { recursive: true, force: true });
}
if (failure) {
  console.error(`smoke start on Node ${process.version} failed: ${failure}\n${output}`);
  process.exit(1);
}
console.log(`smoke start on Node ${process.version}: discovery and JWKS served, no runtime warning`);

async function waitForDiscovery(url: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    const response = await fetch(url).catch(() => undefined);
    if (response?.ok) return ((await response.json()) as { issuer: string }).issuer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no discovery within ${timeoutMs} ms`);
}

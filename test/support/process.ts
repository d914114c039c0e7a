import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ServiceProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the process wrote to stdout (its logs) so far. */
  stdout(): string;
  /** Its exit code, once it exits. */
  exited: Promise<number | null>;
  /** SIGKILL, no shutdown: what a crash looks like. */
  kill(): Promise<void>;
  /** SIGTERM, graceful. */
  stop(): Promise<void>;
}

/**
 * `node` arguments that run the command line from the sources under test (tests never run dist/):
 * the test run's transpiled copy beside this module, or the TypeScript through tsx.
 */
export const sourceCli = import.meta.url.endsWith('.js')
  ? [fileURLToPath(new URL('../../src/cli.js', import.meta.url))]
  : ['--import', 'tsx', 'src/cli.ts'];

/** Starts `tessera start` as its own process and resolves once discovery answers. */
export async function spawnService(
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<ServiceProcess> {
  const child = spawn(process.execPath, [...sourceCli, 'start'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = env.BASE_URL!;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}: ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`service did not serve discovery within ${timeoutMs} ms: ${stderr}`);
    }
    try {
      if ((await fetch(`${baseUrl}/oidc/.well-known/openid-configuration`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return {
    child,
    baseUrl,
    stdout: () => stdout,
    exited,
    kill: () => signal('SIGKILL').then(() => undefined),
    stop: () => signal('SIGTERM').then(() => undefined),
  };
}

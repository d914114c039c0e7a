import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after } from 'node:test';
import { createTestDatabase } from '../support/databases.js';
import { clientCredentials, json } from '../support/http.js';
import { BOOTSTRAP_CLIENT, freePort, serviceEnv } from '../support/service.js';
import { eventually } from '../webhooks/helpers.js';
import { alive, npmStart, parentOf, type LaunchedService } from './launched-service.js';

export const writes = 40;

interface HeldWrite {
  /** Resolves once the service has read the request's headers and asked for its body. */
  accepted: Promise<void>;
  /** Sends the body. */
  release(): void;
  /** The status, or the socket error that cut the request. */
  outcome: Promise<number | string>;
}

/**
 * `POST /api/users` with `Expect: 100-continue`, its body held back: the service's `100 Continue`
 * proves the request is in flight there, and it stays so until the test sends the body.
 */
export function heldCreateUser(baseUrl: string, token: string, username: string): HeldWrite {
  const body = JSON.stringify({ username });
  const req = request(`${baseUrl}/api/users`, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      expect: '100-continue',
    },
  });
  const accepted = new Promise<void>((resolve) => req.once('continue', resolve));
  const outcome = new Promise<number | string>((resolve) => {
    req.once('response', (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode!));
    });
    req.once('error', (error) => resolve(error.message));
  });
  req.flushHeaders();
  return { accepted, release: () => req.end(body), outcome };
}

export async function managementToken(baseUrl: string): Promise<string> {
  const response = await clientCredentials(baseUrl, BOOTSTRAP_CLIENT, {
    resource: `${baseUrl}/api`,
    scope: 'all',
  });
  return (await json(response)).access_token as string;
}

export async function environment(extra: Record<string, string> = {}) {
  const database = await createTestDatabase();
  after(() => database.drop());
  return serviceEnv(await freePort(), database, { LOG_LEVEL: 'info', ...extra });
}

export function stillRunning(service: LaunchedService): boolean {
  return alive(service.pid);
}

/**
 * `npm start` in its own process group, run by `shell`; under 40 writes in flight the whole group
 * gets SIGTERM, as from a terminal, systemd's control-group kill or a process manager.
 */
export async function groupSignalUnderWrites(shell: '/bin/sh' | '/bin/bash'): Promise<void> {
  const service = await npmStart(await environment({ TESSERA_SHUTDOWN_GRACE_MS: '60000' }), shell);
  const npmPid = service.launcher.pid!;
  const parent = await parentOf(service.pid);
  // bash runs a lone command in place of itself; dash stays in between.
  if (shell === '/bin/bash') assert.equal(parent, npmPid, 'node is npm’s child');
  else assert.equal(await parentOf(parent), npmPid, 'node is the child of npm’s shell');

  const token = await managementToken(service.baseUrl);
  const held = Array.from({ length: writes }, (_, i) =>
    heldCreateUser(service.baseUrl, token, `inflight_${i}_${Date.now()}`),
  );
  await Promise.all(held.map((write) => write.accepted));

  process.kill(-npmPid, 'SIGTERM');
  await eventually(
    async () => service.output().includes('"msg":"shutting down"') || !stillRunning(service),
    (seen) => seen,
    60_000,
  );
  // The bodies go out once the second thing has reached the service: npm's exit (dash), or npm's
  // copy of the signal (bash). A copy that arrives while the first is still pending merges with
  // it, as the kernel keeps one pending signal of a kind: then, after a few seconds, there is
  // nothing more to wait for.
  const second = () => service.output().includes('already stopping') || !stillRunning(service);
  await eventually(async () => second(), Boolean, shell === '/bin/sh' ? 60_000 : 5000).catch(
    (error: Error) => {
      if (shell === '/bin/sh') throw new Error(`${error.message}; output: ${service.output().slice(-3000)}`);
    },
  );
  for (const write of held) write.release();
  const outcomes = await Promise.all(held.map((write) => write.outcome));
  assert.deepEqual(
    outcomes.filter((outcome) => outcome !== 200),
    [],
    `every write answered 200; output: ${service.output().slice(-1500)}`,
  );
  await service.gone();
  assert.equal(service.exitCode(), 0, service.output().slice(-1500));
  assert.doesNotMatch(service.output(), /exiting now/);
}

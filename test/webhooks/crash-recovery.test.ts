// test-backends: pglite, postgres
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, describe, it } from 'node:test';
import { ManualClock } from '../../src/storage/clock.js';
import { createTestDatabase } from '../support/databases.js';
import { sourceCli } from '../support/process.js';
import { BOOTSTRAP_CLIENT, freePort, serviceEnv, startTestService } from '../support/service.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { eventually, type Body } from './helpers.js';

const env = {
  TESSERA_WEBHOOK_RETRY_SCHEDULE: '0,1,1,1',
  // Long enough that the hung sends are still in flight when the test kills the service, however
  // loaded the host: a send that timed out first would be recorded and retried, not taken over.
  TESSERA_WEBHOOK_TIMEOUT_MS: '10000',
  // The lease of 64 workers is 6 timeouts + the floor (61 s here): what a restart waits for the rows.
  TESSERA_WEBHOOK_WORKERS: '64',
  TESSERA_WEBHOOK_LEASE_FLOOR_MS: '1000',
};

describe('a service killed with deliveries in flight', async () => {
  const database = await createTestDatabase();
  const receiver = await startWebhookReceiver();
  let child: ChildProcess | undefined;
  after(async () => {
    child?.kill('SIGKILL');
    await receiver.close();
  });

  it('delivers them after a restart on the same database', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [...sourceCli, 'start'], {
      env: { ...process.env, ...serviceEnv(port, database, env) },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    await eventually(
      () =>
        fetch(`${baseUrl}/api/status`).then(
          (r) => r.status,
          () => 0,
        ),
      (status) => status === 204,
      60_000,
    );
    const api = await managementClient(baseUrl);

    receiver.behave('hang');
    const hook = await api('POST', '/hooks', {
      name: 'crash',
      events: ['User.Created'],
      config: { url: receiver.url },
    });
    assert.equal(hook.status, 201);
    for (let i = 0; i < 3; i++) {
      assert.equal((await api('POST', '/users', { username: `crash_${i}_${Date.now()}` })).status, 200);
    }
    const inFlight = await receiver.waitFor(3, { filter: () => true });
    child.kill('SIGKILL');
    await exited;
    const hungIds = new Set(inFlight.map((request) => request.id));

    receiver.behave({ status: 200 });
    const sentBeforeRestart = receiver.requests.length;
    // One installation keeps its BASE_URL across restarts (the port changes here).
    const clock = new ManualClock();
    const restarted = await startTestService({
      database,
      manualStop: true,
      env: { ...env, BASE_URL: baseUrl },
      clock,
    });
    try {
      // The dead instance's lease must lapse before another claims its rows: the restarted
      // instance's clock skips past it (the rows were leased before the kill, by the real clock).
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(receiver.requests.length, sentBeforeRestart, 'nothing is taken over while the lease runs');
      clock.advance(62_000);
      const delivered = await receiver.waitFor(3, { timeoutMs: 40_000 });
      assert.deepEqual(new Set(delivered.map((request) => request.id)), hungIds);
      const deliveries = await eventually(
        () => restarted.api<Body>('GET', `/hooks/${hook.body.id}/deliveries`),
        (r) => r.body.length === 3 && r.body.every((d: Body) => d.status === 'delivered'),
      );
      assert.equal(deliveries.body.length, 3);
    } finally {
      await restarted.stop();
      await database.drop();
    }
  });
});

async function managementClient(baseUrl: string) {
  const basic = Buffer.from(`${BOOTSTRAP_CLIENT.id}:${BOOTSTRAP_CLIENT.secret}`).toString('base64');
  const tokenResponse = await fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', resource: `${baseUrl}/api`, scope: 'all' }),
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  return async (method: string, path: string, body: unknown): Promise<{ status: number; body: Body }> => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
}

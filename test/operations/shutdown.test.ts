import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.js';
import { openStorage } from '../../src/storage/database.js';
import { createTestDatabase } from '../support/databases.js';
import { clientCredentials, json } from '../support/http.js';
import { spawnService } from '../support/process.js';
import { BOOTSTRAP_CLIENT, freePort, serviceEnv } from '../support/service.js';
import { startHeldReceiver } from './held-receiver.js';

// Two hooks on one receiver: every delivery is in flight at once within each hook's first window.
const users = 3;
const hookCount = 2;
const deliveries = users * hookCount;

async function api(baseUrl: string, token: string, method: string, path: string, body?: unknown) {
  return fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('graceful shutdown', () => {
  it('on SIGTERM finishes in-flight requests and sends, records them, and exits 0', async () => {
    const database = await createTestDatabase();
    after(() => database.drop());
    const receiver = await startHeldReceiver();
    after(() => receiver.close());
    const env = serviceEnv(await freePort(), database, {
      LOG_LEVEL: 'info',
      TESSERA_SHUTDOWN_GRACE_MS: '60000',
      TESSERA_WEBHOOK_TIMEOUT_MS: '60000',
    });
    const first = await spawnService(env, 120_000);
    const baseUrl = first.baseUrl;
    const tokenResponse = await clientCredentials(baseUrl, BOOTSTRAP_CLIENT, {
      resource: `${baseUrl}/api`,
      scope: 'all',
    });
    const token = (await json(tokenResponse)).access_token as string;
    const hooks = [];
    for (let i = 0; i < hookCount; i++) {
      hooks.push(
        await json(
          await api(baseUrl, token, 'POST', '/hooks', {
            name: `held ${i}`,
            events: ['User.Created'],
            config: { url: receiver.url },
          }),
        ),
      );
    }
    const hook = hooks[0]!;
    for (let i = 0; i < users; i++) {
      const created = await api(baseUrl, token, 'POST', '/users', { username: `held_${i}_${Date.now()}` });
      assert.equal(created.status, 200);
    }
    // The test route waits for the receiver's answer: a request in flight for as long as it is held.
    const inFlight = api(baseUrl, token, 'POST', `/hooks/${hook.id}/test`, {
      events: ['User.Created'],
      config: { url: receiver.url },
    });
    await receiver.received(deliveries + 1);

    first.child.kill('SIGTERM');
    while (!first.stdout().includes('"msg":"stopping')) await new Promise((r) => setTimeout(r, 20));
    receiver.release();
    const answered = await inFlight;
    assert.equal(answered.status, 204, await answered.text());
    assert.equal(await first.exited, 0, 'exit code');

    const deliveryIds = receiver.ids.filter((id) => !id.startsWith('msg_test_'));
    assert.equal(deliveryIds.length, deliveries);
    const config = loadConfig(env);
    const storage = await openStorage({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: 1,
    });
    const { rows } = await sql<{ status: string; attempts: number; recorded: string }>`
      SELECT d.status, d.attempts, jsonb_array_length(d.attempt_history) AS recorded
      FROM hook_deliveries d WHERE d.hook_id IN (${hooks[0].id as string}, ${hooks[1].id as string})`.execute(
      storage.db,
    );
    await storage.close();
    assert.deepEqual(
      rows.map((row) => [row.status, row.attempts, Number(row.recorded)]),
      Array.from({ length: deliveries }, () => ['delivered', 1, 1]),
    );

    // After a restart, a new event goes out and none of the recorded ones goes out again.
    const second = await spawnService(env, 120_000);
    after(() => second.kill());
    const next = await api(baseUrl, token, 'POST', '/users', { username: `after_${Date.now()}` });
    assert.equal(next.status, 200);
    await receiver.received(deliveries + 1 + hookCount);
    await second.stop();
    assert.equal(await second.exited, 0);
    const sent = receiver.ids.filter((id) => !id.startsWith('msg_test_'));
    assert.equal(sent.length, deliveries + hookCount, 'each delivery sent once');
    assert.equal(new Set(sent).size, deliveries + hookCount);
  });
});

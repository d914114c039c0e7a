// test-backends: pglite, postgres
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { startService } from '../../src/service.js';
import { backend, createTestDatabase, withAdmin } from '../support/databases.js';
import { sourceCli, spawnService } from '../support/process.js';
import { BOOTSTRAP_CLIENT, freePort, serviceEnv } from '../support/service.js';
import { clientCredentials, json } from '../support/http.js';

async function managementToken(baseUrl: string): Promise<string> {
  const response = await clientCredentials(baseUrl, BOOTSTRAP_CLIENT, {
    resource: `${baseUrl}/api`,
    scope: 'all',
  });
  return (await json(response)).access_token;
}

async function createResource(baseUrl: string, indicator: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/resources`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await managementToken(baseUrl)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ name: 'Kept', indicator }),
  });
  assert.equal(response.status, 201);
  return (await json(response)).id;
}

async function readResource(baseUrl: string, id: string): Promise<Response> {
  return fetch(`${baseUrl}/api/resources/${id}`, {
    headers: { authorization: `Bearer ${await managementToken(baseUrl)}` },
  });
}

describe('configuration', () => {
  it('stops with one line naming the bad variable', () => {
    const result = spawnSync(process.execPath, [...sourceCli, 'start'], {
      env: { ...process.env, PORT: 'eighty', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    assert.equal(result.status, 1);
    assert.match(result.stderr.trim(), /^tessera: invalid setting PORT: .+$/);
  });

  it('refuses a bootstrap id without a secret and a non-postgres DATABASE_URL', () => {
    assert.throws(() => loadConfig({ TESSERA_BOOTSTRAP_CLIENT_ID: 'x' }), /TESSERA_BOOTSTRAP_CLIENT_ID/);
    assert.throws(() => loadConfig({ DATABASE_URL: 'mysql://localhost/x' }), /DATABASE_URL/);
    assert.throws(
      () => loadConfig({ TESSERA_WEBHOOK_RETRY_SCHEDULE: '1,x' }),
      /TESSERA_WEBHOOK_RETRY_SCHEDULE/,
    );
    assert.equal(loadConfig({}).issuer, 'http://localhost:3001/oidc');
  });

  it('reads TESSERA_SECRETS_KEY as 32-byte keys, hex or base64, comma-separated', () => {
    const hex = 'ab'.repeat(32);
    const base64 = Buffer.alloc(32, 1).toString('base64');
    const { keys, shownOnce } = loadConfig({ TESSERA_SECRETS_KEY: `${hex},${base64}` }).applicationSecrets;
    assert.deepEqual(keys, [Buffer.alloc(32, 0xab), Buffer.alloc(32, 1)]);
    assert.equal(shownOnce, false);
    assert.deepEqual(loadConfig({}).applicationSecrets.keys, []);
    assert.throws(() => loadConfig({ TESSERA_SECRETS_KEY: 'short' }), /TESSERA_SECRETS_KEY.*32 bytes/);
    assert.throws(() => loadConfig({ TESSERA_SECRETS_KEY: `${hex},` }), /TESSERA_SECRETS_KEY/);
    const once = loadConfig({ TESSERA_APPLICATION_SECRETS_SHOWN_ONCE: 'true' }).applicationSecrets;
    assert.equal(once.shownOnce, true);
  });
});

describe(`the service process on ${backend}`, () => {
  it('keeps every record across a restart', async () => {
    const database = await createTestDatabase();
    after(() => database.drop());
    const port = await freePort();
    const env = serviceEnv(port, database);
    const first = await spawnService(env);
    let id: string;
    try {
      id = await createResource(first.baseUrl, 'https://kept.example/api');
    } finally {
      await first.stop();
    }
    const second = await spawnService(env);
    try {
      const response = await readResource(second.baseUrl, id);
      assert.equal(response.status, 200);
      assert.equal((await json(response)).indicator, 'https://kept.example/api');
    } finally {
      await second.stop();
    }
  });

  // Time to first discovery is a figure, measured by bench/startup.ts, not asserted here.
  it('initialises a fresh, empty database and serves discovery', async () => {
    const port = await freePort();
    if (backend === 'pglite') {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'tessera-fresh-'));
      after(() => rm(dataDir, { recursive: true, force: true }));
      const service = await spawnService(
        serviceEnv(port, { env: { DATA_DIR: dataDir }, drop: async () => {} }),
        120_000,
      );
      await service.stop();
      return;
    }
    const name = `tessera_fresh_${port}`;
    await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
    after(() => withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
    const service = await spawnService(
      serviceEnv(port, { env: { DATABASE_URL: `postgres://127.0.0.1:5432/${name}` }, drop: async () => {} }),
      120_000,
    );
    await service.stop();
  });
});

describe('two instances on one PostgreSQL database', { skip: backend !== 'postgres' }, () => {
  it('both come up at the same moment on an empty database and share records', async () => {
    const name = `tessera_pair_${await freePort()}`;
    await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
    after(() => withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
    const database = { env: { DATABASE_URL: `postgres://127.0.0.1:5432/${name}` }, drop: async () => {} };
    const [portA, portB] = [await freePort(), await freePort()];
    const started = await Promise.allSettled([
      startService(loadConfig(serviceEnv(portA, database))),
      // Instances behind one load balancer share BASE_URL, hence one issuer and one API indicator.
      startService(loadConfig(serviceEnv(portB, database, { BASE_URL: `http://127.0.0.1:${portA}` }))),
    ]);
    const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    try {
      for (const result of started) if (result.status === 'rejected') throw result.reason;
      const baseA = `http://127.0.0.1:${portA}`;
      const baseB = `http://127.0.0.1:${portB}`;
      const id = await createResource(baseA, 'https://shared.example/api');
      const response = await fetch(`${baseB}/api/resources/${id}`, {
        headers: { authorization: `Bearer ${await managementToken(baseA)}` },
      });
      assert.equal(response.status, 200);
      const keysA = await json(await fetch(`${baseA}/oidc/jwks`));
      const keysB = await json(await fetch(`${baseB}/oidc/jwks`));
      assert.deepEqual(keysA, keysB, 'one signing key for both instances');
    } finally {
      await Promise.all(running.map((service) => service.stop()));
    }
  });
});

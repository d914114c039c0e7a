// test-backends: postgres
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import * as oidc from 'openid-client';
import { loadConfig } from '../../src/config.js';
import { newId } from '../../src/storage/ids.js';
import { postgresAdminUrl, scratchDir, withAdmin, withClient } from '../support/databases.js';
import { clientCredentials, json } from '../support/http.js';
import { clientFor, signIn } from '../support/oidc-sign-in.js';
import { sourceCli, spawnService, type ServiceProcess } from '../support/process.js';
import { BOOTSTRAP_CLIENT, freePort, type TestService } from '../support/service.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

const PASSWORD = 'Moved-Along-2026!';

/** A `tessera` command as its own process. */
function tessera(env: Record<string, string>, args: string[]) {
  const child = spawn(process.execPath, [...sourceCli, ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}

async function token(
  baseUrl: string,
  client: { id: string; secret: string },
  resource: string,
  scope?: string,
) {
  const response = await clientCredentials(baseUrl, client, { resource, scope });
  const body = await json(response);
  assert.equal(response.status, 200, JSON.stringify(body));
  return body.access_token as string;
}

async function call(baseUrl: string, accessToken: string, method: string, route: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api${route}`, {
    method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

describe('the embedded database: backup, restore, and the move to PostgreSQL', async () => {
  const dataDir = await mkdtemp(path.join(scratchDir, 'tessera-move-'));
  const restoredDir = await mkdtemp(path.join(scratchDir, 'tessera-restored-'));
  const backupFile = path.join(scratchDir, `${path.basename(dataDir)}.tar.gz`);
  // A new database, as `createdb` makes it (the test template already holds a signing key).
  const targetName = `tessera_move_${newId(12)}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${targetName}`));
  const targetUrl = new URL(postgresAdminUrl);
  targetUrl.pathname = `/${targetName}`;
  const target = { env: { DATABASE_URL: targetUrl.toString() } };
  const receiver = await startWebhookReceiver();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: baseUrl,
    LOG_LEVEL: 'warn',
    TESSERA_BOOTSTRAP_CLIENT_ID: BOOTSTRAP_CLIENT.id,
    TESSERA_BOOTSTRAP_CLIENT_SECRET: BOOTSTRAP_CLIENT.secret,
    TESSERA_WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    TESSERA_OPS_PORT: '0',
    DATABASE_URL: '',
  };
  const running: ServiceProcess[] = [];
  const start = async (extra: Record<string, string>) => {
    const service = await spawnService({ ...env, ...extra });
    running.push(service);
    return service;
  };
  after(async () => {
    for (const service of running) await service.stop();
    await receiver.close();
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${targetName} WITH (FORCE)`));
    for (const item of [dataDir, restoredDir, backupFile]) await rm(item, { recursive: true, force: true });
  });

  // An installation on PGlite whose webhook worker is off, so the delivery stays pending.
  const embedded = await start({ DATA_DIR: dataDir, TESSERA_WEBHOOK_WORKERS: '0' });
  const managementApi = `${baseUrl}/api`;
  const issuedBefore = await token(baseUrl, BOOTSTRAP_CLIENT, managementApi, 'all');
  const hook = await call(baseUrl, issuedBefore, 'POST', '/hooks', {
    name: 'moved',
    events: ['User.Created'],
    config: { url: receiver.url },
  });
  assert.equal(hook.status, 201, JSON.stringify(hook.body));
  const user = await call(baseUrl, issuedBefore, 'POST', '/users', { username: 'mover', password: PASSWORD });
  assert.ok(user.status < 300, JSON.stringify(user.body));
  const resource = await call(baseUrl, issuedBefore, 'POST', '/resources', {
    name: 'Backend',
    indicator: 'https://backend.example/api',
  });
  assert.ok(resource.status < 300, JSON.stringify(resource.body));
  const app = await call(baseUrl, issuedBefore, 'POST', '/applications', {
    name: 'backend',
    type: 'MachineToMachine',
  });
  assert.ok(app.status < 300, JSON.stringify(app.body));
  const m2m = { id: app.body.id as string, secret: app.body.secret as string };
  await token(baseUrl, m2m, 'https://backend.example/api');
  // The sign-in helpers' view of whichever service listens on the port now.
  const current = {
    baseUrl,
    config: loadConfig(env),
    api: async (method: string, route: string, body?: unknown) => ({
      ...(await call(baseUrl, issuedBefore, method, route, body)),
      headers: new Headers(),
    }),
  } as unknown as TestService;
  const webApp = await createApplication(current, 'Traditional');
  const signedIn = await signIn(current, webApp, { username: 'mover' }, PASSWORD);
  const refreshToken = signedIn.tokens.refresh_token;
  assert.ok(refreshToken, 'a refresh token');

  it('refuses a backup while the service holds DATA_DIR', async () => {
    const result = await tessera({ DATA_DIR: dataDir }, ['backup', backupFile]);
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, /in use by process \d+.*stop the service first/);
    assert.equal(existsSync(backupFile), false);
  });

  it('backs up once the service is gone (even by kill -9), and restores only into an empty DATA_DIR', async () => {
    // Killed, not stopped: the pid file it leaves behind names a dead process, and is taken over.
    await embedded.kill();
    assert.equal(existsSync(path.join(dataDir, 'tessera.pid')), true);
    const backup = await tessera({ DATA_DIR: dataDir }, ['backup', backupFile]);
    assert.equal(backup.code, 0, backup.stderr);
    assert.ok(existsSync(backupFile));

    const onPostgres = await tessera({ DATA_DIR: restoredDir, ...target.env }, ['restore', backupFile]);
    assert.equal(onPostgres.code, 1);
    assert.match(onPostgres.stderr, /DATABASE_URL is set/);

    await writeFile(path.join(restoredDir, 'stray'), 'x');
    const occupied = await tessera({ DATA_DIR: restoredDir }, ['restore', backupFile]);
    assert.equal(occupied.code, 1);
    assert.match(occupied.stderr, /not empty.*--force/);

    const restore = await tessera({ DATA_DIR: restoredDir }, ['restore', '--force', backupFile]);
    assert.equal(restore.code, 0, restore.stderr);
    assert.equal(existsSync(path.join(restoredDir, 'stray')), false);

    const restored = await start({ DATA_DIR: restoredDir, TESSERA_WEBHOOK_WORKERS: '0' });
    try {
      const users = await call(baseUrl, issuedBefore, 'GET', '/users');
      assert.equal(users.status, 200, JSON.stringify(users.body));
      assert.deepEqual(
        users.body.map((u: { username: string }) => u.username),
        ['mover'],
      );
      const verify = await call(baseUrl, issuedBefore, 'POST', `/users/${user.body.id}/password/verify`, {
        password: PASSWORD,
      });
      assert.equal(verify.status, 204, JSON.stringify(verify.body));
    } finally {
      await restored.stop();
    }
  });

  it('moves the installation to PostgreSQL: same keys, passwords, secrets and pending deliveries', async () => {
    const move = await tessera({ DATA_DIR: dataDir }, ['move-to-postgres', target.env.DATABASE_URL]);
    assert.equal(move.code, 0, move.stderr);
    const counts = new Map(
      move.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('\t') as [string, string])
        .map(([table, rows]) => [table, Number(rows)]),
    );
    for (const table of ['users', 'signing_keys', 'applications', 'hooks', 'hook_deliveries']) {
      assert.ok((counts.get(table) ?? 0) >= 1, `${table}: ${move.stdout}`);
    }
    assert.equal(counts.has('kysely_migration'), false);
    // Every row of the source arrived.
    await withClient(target.env.DATABASE_URL, async (client) => {
      for (const [table, rows] of counts) {
        const result = await client.query(`SELECT count(*)::int AS n FROM ${table}`);
        assert.equal(result.rows[0].n, rows, table);
      }
    });

    const again = await tessera({ DATA_DIR: dataDir }, ['move-to-postgres', target.env.DATABASE_URL]);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /target database is not empty \(rows in .*users/);

    const moved = await start({ DATA_DIR: path.join(dataDir, 'unused'), ...target.env });
    // A token signed on PGlite before the move still verifies: the signing key came along.
    const users = await call(baseUrl, issuedBefore, 'GET', '/users');
    assert.equal(users.status, 200, JSON.stringify(users.body));
    const verify = await call(baseUrl, issuedBefore, 'POST', `/users/${user.body.id}/password/verify`, {
      password: PASSWORD,
    });
    assert.equal(verify.status, 204, JSON.stringify(verify.body));
    const wrong = await call(baseUrl, issuedBefore, 'POST', `/users/${user.body.id}/password/verify`, {
      password: `${PASSWORD}x`,
    });
    assert.notEqual(wrong.status, 204);
    await token(baseUrl, m2m, 'https://backend.example/api');
    // The grant and refresh token issued on PGlite go on; the user signs in with the same password.
    const refreshed = await oidc.refreshTokenGrant(await clientFor(current, webApp), refreshToken);
    assert.ok(refreshed.access_token);
    const second = await signIn(current, webApp, { username: 'mover' }, PASSWORD);
    assert.ok(second.tokens.id_token);
    // The delivery written on PGlite and never sent there goes out from PostgreSQL.
    const [delivered] = await receiver.waitFor(1, { timeoutMs: 30_000 });
    assert.equal(delivered!.event, 'User.Created');
    assert.equal((delivered!.json as { data?: { id?: string } }).data?.id, user.body.id);
    await moved.stop();
  });
});

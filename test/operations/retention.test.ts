import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.js';
import { prepareStorage } from '../../src/service.js';
import { createTestDatabase } from '../support/databases.js';
import { freePort, serviceEnv, startTestService } from '../support/service.js';
import { attemptsOf, expiredOidcRows, seedRetentionRows, sorted, stillThere } from './retention-fixtures.js';
import { sourceCli } from '../support/process.js';

// No workers: the seeded pending deliveries must stay as they are, not be sent.
const shortRetention = {
  TESSERA_WEBHOOK_RETENTION_DAYS: '2',
  TESSERA_LOG_RETENTION_DAYS: '3',
  TESSERA_WEBHOOK_WORKERS: '0',
};
const none = { oidc: [], delivery: [], log: [], subjectToken: [], oneTimeToken: [], message: [] };

function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...sourceCli, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('retention', () => {
  it('the periodic pass runs once an hour per deployment and removes exactly what the rules say', async () => {
    const t = await startTestService({ env: shortRetention });
    const db = t.service.storage.db;
    // The check at start took this hour's pass (on a fresh database, none ran before).
    await t.service.app.retention.idle();
    const rows = await seedRetentionRows(db);
    assert.equal(await t.service.app.retention.check(), null, 'a second pass within the hour');
    assert.deepEqual(await stillThere(db, rows.doomed), sorted(rows.doomed));

    await sql`UPDATE maintenance_runs SET last_run_at = now() - interval '61 minutes'`.execute(db);
    const expiredOidc = await expiredOidcRows(db);
    const report = await t.service.app.retention.check();
    assert.deepEqual(report, {
      oidcModels: expiredOidc,
      webhookDeliveries: 3,
      webhookAttempts: rows.doomedAttempts,
      auditLogs: 1,
      subjectTokens: 2,
      oneTimeTokens: 2,
      recordedMessages: 1,
    });
    assert.deepEqual(await stillThere(db, rows.doomed), none);
    assert.deepEqual(await stillThere(db, rows.kept), sorted(rows.kept));
    assert.equal(await attemptsOf(db, rows.doomed.delivery!), 0);
    assert.equal(await attemptsOf(db, rows.kept.delivery!), 2 * rows.kept.delivery!.length);
    assert.equal(await t.service.app.retention.check(), null, 'the pass just ran');
  });

  it('`tessera prune` removes the same, prints the counts per kind, and keeps pending deliveries', async () => {
    const database = await createTestDatabase();
    const env = serviceEnv(await freePort(), database, { ...shortRetention, LOG_LEVEL: 'silent' });
    // The embedded database admits one process at a time: seed, close, prune, reopen.
    let storage = await prepareStorage(loadConfig(env));
    const rows = await seedRetentionRows(storage.db);
    const expiredOidc = await expiredOidcRows(storage.db);
    await storage.close();
    try {
      const result = await runCli(['prune'], env);
      assert.equal(result.code, 0, result.stderr);
      const printed = Object.fromEntries(
        result.stdout
          .trim()
          .split('\n')
          .map((line) => line.split('\t'))
          .map(([kind, count]) => [kind, Number(count)]),
      );
      assert.deepEqual(printed, {
        oidcModels: expiredOidc,
        webhookDeliveries: 3,
        webhookAttempts: rows.doomedAttempts,
        auditLogs: 1,
        subjectTokens: 2,
        oneTimeTokens: 2,
        recordedMessages: 1,
      });
      storage = await prepareStorage(loadConfig(env));
      assert.deepEqual(await stillThere(storage.db, rows.doomed), none);
      assert.deepEqual(await stillThere(storage.db, rows.kept), sorted(rows.kept));
      assert.equal(await attemptsOf(storage.db, rows.kept.delivery!), 2 * rows.kept.delivery!.length);
      await storage.close();
    } finally {
      await database.drop();
    }
  });
});

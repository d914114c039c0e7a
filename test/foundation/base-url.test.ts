import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, describe, it } from 'node:test';
import { createTestDatabase } from '../support/databases.js';
import { sourceCli } from '../support/process.js';
import { freePort, serviceEnv, startTestService } from '../support/service.js';

// Instances on one database share BASE_URL: the database holds one management API indicator.
describe('an instance whose BASE_URL differs from the database’s', () => {
  it('refuses to start, naming both indicators, until tessera migrate moves the deployment', async () => {
    const database = await createTestDatabase();
    after(() => database.drop());
    const first = await startTestService({ database, manualStop: true });
    const stored = first.config.managementApiIndicator;
    await first.stop();

    const port = await freePort();
    const movedBaseUrl = `http://127.0.0.1:${port}`;
    const env = { ...process.env, ...serviceEnv(port, database) };
    const refused = spawnSync(process.execPath, [...sourceCli, 'start'], { env, encoding: 'utf8' });
    assert.equal(refused.status, 1);
    // One line of ours (Node 20 adds oidc-provider's runtime warning before it).
    const lines = refused.stderr.split('\n').filter((line) => line.startsWith('tessera:'));
    assert.equal(lines.length, 1, refused.stderr);
    assert.equal(
      lines[0],
      `tessera: BASE_URL does not match this database: its management API indicator is ${stored}, ` +
        `this instance's is ${movedBaseUrl}/api (BASE_URL=${movedBaseUrl}); instances on one database ` +
        "share BASE_URL — to move the deployment to a new one, stop every instance and run 'tessera migrate' " +
        'with the new BASE_URL',
    );

    const migrated = spawnSync(process.execPath, [...sourceCli, 'migrate'], { env, encoding: 'utf8' });
    assert.equal(migrated.status, 0, migrated.stderr);
    assert.match(migrated.stderr, new RegExp(`moved from ${stored} to ${movedBaseUrl}/api`));

    const moved = await startTestService({ database, env: { BASE_URL: movedBaseUrl }, manualStop: true });
    try {
      assert.equal(moved.config.managementApiIndicator, `${movedBaseUrl}/api`);
      const resources = await moved.api<{ id: string; indicator: string }[]>('GET', '/resources');
      assert.equal(resources.status, 200);
      const management = resources.body.find((resource) => resource.id === 'management-api');
      assert.equal(management?.indicator, `${movedBaseUrl}/api`);
    } finally {
      await moved.stop();
    }
  });
});

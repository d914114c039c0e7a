import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, describe, it } from 'node:test';
import { CONSOLE_ROLE_ID } from '../../src/management/seed.js';
import { createTestDatabase } from '../support/databases.js';
import { sourceCli } from '../support/process.js';
import { freePort, serviceEnv, startTestService } from '../support/service.js';

const PASSWORD = 'Rescue-Admin-2026!';

/** `tessera create-admin` as its own process; `stdin` is written and closed. */
function createAdmin(env: Record<string, string>, args: string[], stdin: string) {
  const child = spawn(process.execPath, [...sourceCli, 'create-admin', ...args], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}

describe('tessera create-admin: the way back in, on the host', async () => {
  const database = await createTestDatabase();
  after(() => database.drop());
  const env = serviceEnv(await freePort(), database);

  it('creates a console administrator whose password (from stdin) works, and closes setup', async () => {
    const result = await createAdmin(env, ['--username', 'rescue_admin'], `${PASSWORD}\n`);
    assert.equal(result.code, 0, result.stderr);
    assert.doesNotMatch(result.stdout + result.stderr, new RegExp(PASSWORD));
    const id = result.stdout.trim();

    // One BASE_URL per database: the service adopts the one the command seeded with.
    const service = await startTestService({ database, manualStop: true, env: { BASE_URL: env.BASE_URL } });
    try {
      const config = await (await fetch(`${service.baseUrl}/api/console/config`)).json();
      assert.equal((config as { setupNeeded: boolean }).setupNeeded, false);
      const roles = await service.api<{ id: string }[]>('GET', `/users/${id}/roles`);
      assert.deepEqual(
        roles.body.map((role) => role.id),
        [CONSOLE_ROLE_ID],
      );
      const verify = await service.api('POST', `/users/${id}/password/verify`, { password: PASSWORD });
      assert.equal(verify.status, 204, JSON.stringify(verify.body));
      const names = await service.api<{ username: string }[]>('GET', '/users');
      assert.deepEqual(
        names.body.map((user) => user.username),
        ['rescue_admin'],
      );
    } finally {
      await service.stop();
    }
  });
});

import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { SandboxPool } from '../../src/sandbox/pool.js';
import type { SandboxTask } from '../../src/sandbox/types.js';

const task = (script: string, limits: Partial<SandboxTask> = {}): SandboxTask => ({
  script,
  inputJson: JSON.stringify({ context: { user: { id: 'u1' } } }),
  timeoutMs: 500,
  memoryMb: 32,
  fetchAllowlist: [],
  fetchAllowPrivateNetworks: false,
  ...limits,
});

// The worker pool under the custom-claims scripts: limits per job, and the pool outlives them.
describe('the sandbox worker pool', () => {
  const pool = new SandboxPool(32, 2);
  after(() => pool.close());

  it('answers every job of a burst larger than its workers hold at once', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, n) => pool.run(task(`const getCustomJwtClaims = () => ({ n: ${n} })`))),
    );
    assert.deepEqual(
      outcomes.map((outcome) => (outcome.status === 'ok' ? outcome.claims.n : outcome)),
      Array.from({ length: 40 }, (_, n) => n),
    );
  });

  it('ends a runaway script at its time limit while other jobs are answered, and runs the next', async () => {
    const [loops, fine] = await Promise.all([
      pool.run(task('const getCustomJwtClaims = () => { for (;;) {} }')),
      pool.run(task('const getCustomJwtClaims = () => ({ fine: true })')),
    ]);
    assert.equal(loops.status === 'error' && loops.reason, 'timeout');
    assert.deepEqual(fine, { status: 'ok', claims: { fine: true } });
    assert.deepEqual(await pool.run(task('const getCustomJwtClaims = () => ({ after: 1 })')), {
      status: 'ok',
      claims: { after: 1 },
    });
  });

  it('ends a script at its memory limit, then runs the next', async () => {
    // A time limit no machine reaches first, so only the memory limit can stop it.
    const allocates = await pool.run(
      task('const getCustomJwtClaims = () => { const a = []; for (;;) a.push("x".repeat(1e5)) }', {
        timeoutMs: 60_000,
      }),
    );
    assert.equal(allocates.status === 'error' && allocates.reason, 'memory');
    assert.deepEqual(await pool.run(task('const getCustomJwtClaims = () => ({ after: 2 })')), {
      status: 'ok',
      claims: { after: 2 },
    });
  });

  it('fails its jobs at once as crashed when no worker can start', async () => {
    // A memory no worker can reserve: each one dies while starting.
    const doomed = new SandboxPool(1_000_000, 2);
    try {
      const started = Date.now();
      const outcomes = await Promise.all(
        [1, 2, 3].map(() => doomed.run(task('const getCustomJwtClaims = () => ({})'))),
      );
      for (const outcome of outcomes) assert.equal(outcome.status === 'error' && outcome.reason, 'crashed');
      assert.ok(Date.now() - started < 10_000, 'long before any watchdog');
    } finally {
      await doomed.close();
    }
  });
});

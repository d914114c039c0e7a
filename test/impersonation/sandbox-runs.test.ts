import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { getQuickJS, type QuickJSWASMModule } from 'quickjs-emscripten';
import { SandboxPool } from '../../src/sandbox/pool.js';
import type { RunResult } from '../../src/sandbox/quickjs-realm.js';
import { runInFreshRuntime } from '../../src/sandbox/run-script.js';
import { scriptRunner } from '../../src/sandbox/script-runner.js';
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

// A worker's module must survive every ordinary outcome: a runtime freed with a value still alive
// aborts the whole WebAssembly module, and the pool then replaces the worker on every such run.
describe('sandbox runs in one QuickJS module', () => {
  let quickjs: QuickJSWASMModule;
  before(async () => {
    quickjs = await getQuickJS();
  });

  const scripts = {
    ok: 'const getCustomJwtClaims = ({ context }) => ({ user: context.user.id })',
    throws: "const getCustomJwtClaims = () => { throw new TypeError('no ticket') }",
    rejects: "const getCustomJwtClaims = async () => Promise.reject(new RangeError('late'))",
    denies: "const getCustomJwtClaims = ({ api }) => { try { api.denyAccess('no') } catch {} return {} }",
    sloppy: 'function getCustomJwtClaims() { leaked = 1; return { leaked } }',
    loops: 'const getCustomJwtClaims = () => { for (;;) {} }',
  };
  const expected: Record<keyof typeof scripts, RunResult['outcome']['status']> = {
    ok: 'ok',
    throws: 'error',
    rejects: 'error',
    denies: 'denied',
    sloppy: 'ok',
    loops: 'error',
  };

  it('keeps the module usable after each outcome in a fresh runtime', async () => {
    for (const [name, script] of Object.entries(scripts)) {
      const result = await runInFreshRuntime(quickjs, task(script));
      assert.equal(result.outcome.status, expected[name as keyof typeof scripts], name);
      assert.equal(result.reusable, true, name);
    }
  });

  it('keeps the module usable after each outcome in the warm realm, run after run', async () => {
    const run = scriptRunner(quickjs);
    for (let round = 0; round < 3; round++) {
      for (const [name, script] of Object.entries(scripts)) {
        const result = await run(task(script));
        assert.equal(
          result.outcome.status,
          expected[name as keyof typeof scripts],
          `${name}, round ${round}`,
        );
        assert.equal(result.reusable, true, `${name}, round ${round}`);
      }
    }
  });
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

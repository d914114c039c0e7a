import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { getQuickJS, type QuickJSWASMModule } from 'quickjs-emscripten';
import type { RunResult } from '../../src/sandbox/quickjs-realm.js';
import { runInFreshRuntime } from '../../src/sandbox/run-script.js';
import { scriptRunner } from '../../src/sandbox/script-runner.js';
import type { SandboxTask } from '../../src/sandbox/types.js';

// A worker's module must survive every ordinary outcome: a runtime freed with a value still alive
// aborts the whole WebAssembly module, and the pool then replaces the worker on every such run.
describe('sandbox runs in one QuickJS module', () => {
  let quickjs: QuickJSWASMModule;
  before(async () => {
    quickjs = await getQuickJS();
  });

  const task = (script: string): SandboxTask => ({
    script,
    inputJson: JSON.stringify({ context: { user: { id: 'u1' } } }),
    timeoutMs: 500,
    memoryMb: 32,
    fetchAllowlist: [],
    fetchAllowPrivateNetworks: false,
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

import { SandboxPool } from './pool.js';
import type { SandboxOutcome, SandboxTask } from './types.js';

export type { SandboxFailure, SandboxOutcome, SandboxTask } from './types.js';

// One pool per memory size in the process; workers are unref'd and started on first use.
const pools = new Map<number, SandboxPool>();

/** Runs `getCustomJwtClaims` of an operator script in a QuickJS sandbox on a worker thread. */
export function runInSandbox(task: SandboxTask): Promise<SandboxOutcome> {
  let pool = pools.get(task.memoryMb);
  if (!pool) {
    pool = new SandboxPool(task.memoryMb);
    pools.set(task.memoryMb, pool);
  }
  return pool.run(task);
}

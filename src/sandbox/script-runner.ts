import type { QuickJSWASMModule } from 'quickjs-emscripten';
import { resultAfterDisposing, type RunResult } from './quickjs-realm.js';
import { runInFreshRuntime } from './run-script.js';
import type { SandboxTask } from './types.js';
import { needsFreshRuntime, WarmRealm } from './warm-realm.js';

/** A worker's runner: scripts run in its warm realm, or in a fresh runtime when the realm hands them back. */
export function scriptRunner(quickjs: QuickJSWASMModule): (task: SandboxTask) => Promise<RunResult> {
  let realm: WarmRealm | undefined;
  return async (task) => {
    realm ??= new WarmRealm(quickjs, task.memoryMb);
    const outcome = realm.run(task);
    if (outcome === needsFreshRuntime) return runInFreshRuntime(quickjs, task);
    if (!realm.retired) return { outcome, reusable: true };
    const spent = realm;
    realm = undefined;
    return resultAfterDisposing(outcome, spent);
  };
}

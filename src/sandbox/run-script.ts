import type { QuickJSContext, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten';
import { FetchBridge } from './fetch-bridge.js';
import { failureOutcome, Interrupted } from './outcomes.js';
import {
  finishedOutcome,
  installPrelude,
  newLimitedRealm,
  resultAfterDisposing,
  settledClaims,
  unwrap,
  type RunResult,
} from './quickjs-realm.js';
import type { SandboxTask, WorkerOutcome } from './types.js';

/** Runs one script in a fresh runtime and frees it. */
export async function runInFreshRuntime(quickjs: QuickJSWASMModule, task: SandboxTask): Promise<RunResult> {
  const run = new ScriptRun(quickjs, task);
  return resultAfterDisposing(await run.execute(), run);
}

/**
 * One fresh QuickJS runtime, for the scripts a warm realm hands back (they fetch, or need the
 * unfrozen sloppy-mode realm): no host objects but the two capabilities of the prelude, an
 * interrupt deadline for CPU, a memory limit, and a wall-clock deadline for awaited fetches.
 */
class ScriptRun {
  private readonly deadline: number;
  private readonly runtime: QuickJSRuntime;
  private readonly context: QuickJSContext;
  private readonly fetch: FetchBridge;
  private denial: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;
  private expire: ((error: Error) => void) | undefined;

  constructor(
    quickjs: QuickJSWASMModule,
    private readonly task: SandboxTask,
  ) {
    this.deadline = Date.now() + task.timeoutMs;
    ({ runtime: this.runtime, context: this.context } = newLimitedRealm(
      quickjs,
      task.memoryMb,
      () => this.deadline,
    ));
    this.fetch = new FetchBridge(this.context, task, () => {
      this.drainJobs();
      this.wake?.();
    });
  }

  async execute(): Promise<WorkerOutcome> {
    try {
      return finishedOutcome(await this.callScript(), this.denial);
    } catch (error) {
      if (this.denial !== undefined) return { status: 'denied', message: this.denial };
      return failureOutcome(error, Date.now() > this.deadline);
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.fetch.close();
    this.context.dispose();
    this.runtime.dispose();
  }

  private async callScript(): Promise<string> {
    const { context } = this;
    const run = installPrelude(context, {
      deny: (message) => (this.denial = message),
      loadFetch: () => this.fetch.build(),
    });
    try {
      unwrap(context, context.evalCode(this.task.script, 'custom-jwt-claims.js')).dispose();
      const input = context.newString(this.task.inputJson);
      const call = context.callFunction(run, context.undefined, input);
      input.dispose();
      const promise = unwrap(context, call);
      try {
        this.drainJobs();
        // Still pending only while the script awaits a fetch (or something that never settles).
        for (;;) {
          const claims = settledClaims(context, promise);
          if (claims !== undefined) return claims;
          await this.nextSettlement();
        }
      } finally {
        promise.dispose();
      }
    } finally {
      run.dispose();
    }
  }

  /** Resolves once a fetch has settled inside the sandbox; rejects at the deadline. */
  private nextSettlement(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.wake = resolve;
      this.timer ??= setTimeout(
        () => this.expire?.(new Interrupted('interrupted')),
        Math.max(0, this.deadline - Date.now()),
      );
      this.expire = reject;
    });
  }

  private drainJobs(): void {
    this.runtime.executePendingJobs().dispose();
  }
}

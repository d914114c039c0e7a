import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten';
import { FetchBridge } from './fetch-bridge.js';
import { exceptionMessage, failureOutcome, Interrupted } from './outcomes.js';
import { preludeSource } from './prelude.js';
import type { SandboxTask, WorkerOutcome } from './types.js';

const maxClaimsBytes = 64 * 1024;
const stackBytes = 256 * 1024;

export interface RunResult {
  outcome: WorkerOutcome;
  /**
   * False when freeing the runtime failed: QuickJS 0.32 aborts its WASM module when a runtime is
   * freed after an out-of-memory or stack-overflow error, and an aborted module is unusable.
   */
  reusable: boolean;
}

/** Runs one script in a fresh runtime and frees it. */
export async function runScript(quickjs: QuickJSWASMModule, task: SandboxTask): Promise<RunResult> {
  const run = new ScriptRun(quickjs, task);
  const outcome = await run.execute();
  try {
    run.dispose();
    return { outcome, reusable: true };
  } catch {
    return { outcome, reusable: false };
  }
}

/**
 * One fresh QuickJS runtime (a few tens of microseconds; a reused one spends more collecting the
 * previous contexts' cycles): no host objects but the two capabilities of the prelude, an
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
    this.runtime = quickjs.newRuntime();
    this.runtime.setMemoryLimit(task.memoryMb * 1024 * 1024);
    this.runtime.setMaxStackSize(stackBytes);
    this.runtime.setInterruptHandler(() => Date.now() > this.deadline);
    this.context = this.runtime.newContext();
    this.fetch = new FetchBridge(this.context, task.fetchAllowlist, () => {
      this.drainJobs();
      this.wake?.();
    });
  }

  async execute(): Promise<WorkerOutcome> {
    try {
      const text = await this.callScript();
      if (this.denial !== undefined) return { status: 'denied', message: this.denial };
      if (text.length > maxClaimsBytes) {
        return {
          status: 'error',
          reason: 'invalid_result',
          message: `claims exceed ${maxClaimsBytes} bytes`,
        };
      }
      return { status: 'ok', claimsJson: text };
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
    const run = this.installPrelude();
    try {
      this.check(context.evalCode(this.task.script, 'custom-jwt-claims.js')).dispose();
      const input = context.newString(this.task.inputJson);
      const call = context.callFunction(run, context.undefined, input);
      input.dispose();
      const promise = this.check(call);
      try {
        this.drainJobs();
        let state = context.getPromiseState(promise);
        // Still pending only while the script awaits a fetch (or something that never settles).
        while (state.type === 'pending') {
          await this.nextSettlement();
          state = context.getPromiseState(promise);
        }
        const result = this.check(state.type === 'fulfilled' ? { value: state.value } : state);
        try {
          return context.getString(result);
        } finally {
          result.dispose();
        }
      } finally {
        promise.dispose();
      }
    } finally {
      run.dispose();
    }
  }

  /** Hands the prelude its capabilities; returns the runner it builds. */
  private installPrelude(): QuickJSHandle {
    const { context } = this;
    // Returns the text the prelude throws; the denial stands even if the script catches that.
    const denyFn = context.newFunction('hostDeny', (messageHandle) => {
      this.denial = context.getString(messageHandle).slice(0, 500);
      return messageHandle.dup();
    });
    const loadFetch = context.newFunction('loadFetch', () => this.fetch.build());
    const prelude = this.check(context.evalCode(preludeSource, 'prelude.js'));
    try {
      return this.check(context.callFunction(prelude, context.undefined, denyFn, loadFetch));
    } finally {
      prelude.dispose();
      denyFn.dispose();
      loadFetch.dispose();
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

  /** The value of a QuickJS call, or its exception as a host error. */
  private check(result: { error?: QuickJSHandle; value?: QuickJSHandle }): QuickJSHandle {
    if (!result.error) return result.value!;
    const dumped: unknown = this.context.dump(result.error);
    result.error.dispose();
    throw new Error(exceptionMessage(dumped));
  }
}

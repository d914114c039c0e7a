import type {
  QuickJSContext,
  QuickJSDeferredPromise,
  QuickJSHandle,
  QuickJSRuntime,
  QuickJSWASMModule,
} from 'quickjs-emscripten';
import { createHostFetch } from './host-fetch.js';
import { exceptionMessage, failureOutcome, Interrupted } from './outcomes.js';
import { preludeSource, runnerSource } from './prelude.js';
import type { SandboxOutcome, SandboxTask } from './types.js';

const maxClaimsBytes = 64 * 1024;
const stackBytes = 256 * 1024;

export interface RunResult {
  outcome: SandboxOutcome;
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
 * One fresh QuickJS runtime: no host objects but the two capabilities of the prelude, an
 * interrupt deadline for CPU, a memory limit, and a wall-clock deadline for awaited fetches.
 */
class ScriptRun {
  private readonly deadline: number;
  private readonly abort = new AbortController();
  private readonly runtime: QuickJSRuntime;
  private readonly context: QuickJSContext;
  private readonly pending = new Set<QuickJSDeferredPromise>();
  private denial: string | undefined;
  private timer: NodeJS.Timeout | undefined;

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
  }

  async execute(): Promise<SandboxOutcome> {
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
      return { status: 'ok', claims: JSON.parse(text) as Record<string, unknown> };
    } catch (error) {
      if (this.denial !== undefined) return { status: 'denied', message: this.denial };
      return failureOutcome(error, Date.now() > this.deadline);
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.abort.abort();
    for (const deferred of this.pending) deferred.dispose();
    this.context.dispose();
    this.runtime.dispose();
  }

  private async callScript(): Promise<string> {
    const { context } = this;
    const api = this.installPrelude();
    try {
      this.check(context.evalCode(this.task.script, 'custom-jwt-claims.js')).dispose();
      const runner = this.check(context.evalCode(runnerSource, 'runner.js'));
      const input = context.newString(JSON.stringify(this.task.input));
      const call = context.callFunction(runner, context.undefined, input, api);
      input.dispose();
      runner.dispose();
      const promise = this.check(call);
      const settled = context.resolvePromise(promise);
      promise.dispose();
      this.drainJobs();
      const expired = new Promise<never>((_, reject) => {
        const remaining = Math.max(0, this.deadline - Date.now());
        this.timer = setTimeout(() => reject(new Interrupted('interrupted')), remaining);
      });
      const result = this.check(await Promise.race([settled, expired]));
      try {
        return context.getString(result);
      } finally {
        result.dispose();
      }
    } finally {
      api.dispose();
    }
  }

  /** Hands the prelude its capabilities; returns the frozen `api` object it builds. */
  private installPrelude(): QuickJSHandle {
    const { context } = this;
    const hostFetch = createHostFetch(this.task.fetchAllowlist, this.abort.signal);
    const fetchFn = context.newFunction('hostFetch', (urlHandle, initHandle) => {
      const url = context.getString(urlHandle);
      const init = JSON.parse(context.getString(initHandle)) as Record<string, unknown>;
      const deferred = context.newPromise();
      this.pending.add(deferred);
      hostFetch(url, init).then(
        (response) => this.settle(deferred, true, JSON.stringify(response)),
        (error: unknown) =>
          this.settle(deferred, false, error instanceof Error ? error.message : String(error)),
      );
      return deferred.handle;
    });
    const denyFn = context.newFunction('hostDeny', (messageHandle) => {
      this.denial = context.getString(messageHandle).slice(0, 500);
    });
    try {
      const prelude = this.check(context.evalCode(preludeSource, 'prelude.js'));
      try {
        return this.check(context.callFunction(prelude, context.undefined, fetchFn, denyFn));
      } finally {
        prelude.dispose();
      }
    } finally {
      fetchFn.dispose();
      denyFn.dispose();
    }
  }

  private settle(deferred: QuickJSDeferredPromise, ok: boolean, text: string): void {
    if (!this.pending.has(deferred) || this.abort.signal.aborted) return;
    this.pending.delete(deferred);
    const value = ok ? this.context.newString(text) : this.context.newError(text);
    if (ok) deferred.resolve(value);
    else deferred.reject(value);
    value.dispose();
    this.drainJobs();
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

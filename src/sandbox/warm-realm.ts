import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten';
import { lockdownSource, scriptFactorySource } from './lockdown.js';
import { failureOutcome } from './outcomes.js';
import { finishedOutcome, installPrelude, newLimitedRealm, settledClaims, unwrap } from './quickjs-realm.js';
import type { SandboxTask, WorkerOutcome } from './types.js';

/** Scripts kept compiled (the access-token and client-credentials scripts, and a few tried ones). */
const maxScripts = 8;
/** Runs before the realm is rebuilt, so whatever QuickJS keeps between runs stays bounded. */
const maxRuns = 10_000;

/** What a warm realm answers for a script that must run in a fresh runtime instead. */
export const needsFreshRuntime = Symbol('needsFreshRuntime');

/**
 * One QuickJS runtime and context kept across runs: the prelude is installed once and the realm
 * frozen (`lockdownSource`), and each script is compiled once into a factory whose every call runs
 * its top level anew. A run costs a call instead of a runtime, a context and two compilations.
 * Whatever a frozen realm would change — a script that reads `fetch`, throws, never settles or
 * writes to the realm — is handed back to run in a fresh runtime, which keeps the old semantics;
 * that script then stays on fresh runtimes. Runs here never overlap: each is synchronous.
 */
export class WarmRealm {
  private readonly runtime: QuickJSRuntime;
  private readonly context: QuickJSContext;
  private readonly runner: QuickJSHandle;
  private readonly factories = new Map<string, QuickJSHandle>();
  private readonly freshOnly = new Set<string>();
  private deadline = Number.POSITIVE_INFINITY;
  private denial: string | undefined;
  private fetchRead = false;
  private runs = 0;
  private spent = false;

  constructor(quickjs: QuickJSWASMModule, memoryMb: number) {
    ({ runtime: this.runtime, context: this.context } = newLimitedRealm(
      quickjs,
      memoryMb,
      () => this.deadline,
    ));
    this.runner = installPrelude(this.context, {
      deny: (message) => (this.denial = message),
      loadFetch: () => {
        this.fetchRead = true;
        throw new Error('fetch runs in a fresh runtime');
      },
    });
    unwrap(this.context, this.context.evalCode(lockdownSource, 'lockdown.js')).dispose();
  }

  /** Interrupted, out of memory, or past its runs: not to be used again. */
  get retired(): boolean {
    return this.spent || this.runs >= maxRuns;
  }

  /** Runs the task here, or answers `needsFreshRuntime`. */
  run(task: SandboxTask): WorkerOutcome | typeof needsFreshRuntime {
    if (this.freshOnly.has(task.script)) return needsFreshRuntime;
    this.runs += 1;
    this.deadline = Date.now() + task.timeoutMs;
    this.denial = undefined;
    this.fetchRead = false;
    let claimsJson: string | undefined;
    try {
      claimsJson = this.callScript(task);
    } catch (error) {
      if (this.denial === undefined) return this.failed(task.script, error);
    }
    // A denial stands even when the script caught the error that carried it.
    if (this.denial !== undefined) return { status: 'denied', message: this.denial };
    // Still pending: it awaits what only a fresh runtime settles (a fetch), or nothing at all.
    return claimsJson === undefined ? this.handBack(task.script) : finishedOutcome(claimsJson, undefined);
  }

  dispose(): void {
    for (const factory of this.factories.values()) factory.dispose();
    this.runner.dispose();
    this.context.dispose();
    this.runtime.dispose();
  }

  private failed(script: string, error: unknown): WorkerOutcome | typeof needsFreshRuntime {
    const outcome = failureOutcome(error, Date.now() > this.deadline);
    // Its own limits are the script's outcome: a fresh run would only spend them twice.
    if (outcome.reason === 'script' || this.fetchRead) return this.handBack(script);
    this.spent = true;
    return outcome;
  }

  private handBack(script: string): typeof needsFreshRuntime {
    this.freshOnly.add(script);
    return needsFreshRuntime;
  }

  /** The claims text, or undefined while the run still awaits (nothing a warm realm settles). */
  private callScript(task: SandboxTask): string | undefined {
    const { context } = this;
    const scriptFunction = unwrap(
      context,
      context.callFunction(this.factory(task.script), context.undefined),
    );
    const input = context.newString(task.inputJson);
    try {
      const call = context.callFunction(this.runner, context.undefined, input, scriptFunction);
      const promise = unwrap(context, call);
      try {
        this.runtime.executePendingJobs().dispose();
        return settledClaims(context, promise);
      } finally {
        promise.dispose();
      }
    } finally {
      input.dispose();
      scriptFunction.dispose();
    }
  }

  private factory(script: string): QuickJSHandle {
    let factory = this.factories.get(script);
    if (!factory) {
      if (this.factories.size >= maxScripts) this.forgetOldestScript();
      factory = unwrap(
        this.context,
        this.context.evalCode(scriptFactorySource(script), 'custom-jwt-claims.js'),
      );
      this.factories.set(script, factory);
    }
    return factory;
  }

  private forgetOldestScript(): void {
    const [oldest] = this.factories;
    if (!oldest) return;
    this.factories.delete(oldest[0]);
    oldest[1].dispose();
  }
}

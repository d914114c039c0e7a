import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten';
import { exceptionMessage } from './outcomes.js';
import { preludeSource } from './prelude.js';
import type { WorkerOutcome } from './types.js';

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

/** Frees what ran the script and reports whether the WASM module survived that. */
export function resultAfterDisposing(outcome: WorkerOutcome, used: { dispose(): void }): RunResult {
  try {
    used.dispose();
    return { outcome, reusable: true };
  } catch {
    return { outcome, reusable: false };
  }
}

/** A runtime with the sandbox's limits: memory, stack, and CPU until `deadline()` passes. */
export function newLimitedRealm(
  quickjs: QuickJSWASMModule,
  memoryMb: number,
  deadline: () => number,
): { runtime: QuickJSRuntime; context: QuickJSContext } {
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(memoryMb * 1024 * 1024);
  runtime.setMaxStackSize(stackBytes);
  runtime.setInterruptHandler(() => Date.now() > deadline());
  return { runtime, context: runtime.newContext() };
}

/** The value of a QuickJS call, or its exception as a host error. */
export function unwrap(
  context: QuickJSContext,
  result: { error?: QuickJSHandle; value?: QuickJSHandle },
): QuickJSHandle {
  if (!result.error) return result.value!;
  const dumped: unknown = context.dump(result.error);
  result.error.dispose();
  throw new Error(exceptionMessage(dumped));
}

/**
 * Evaluates the prelude and hands it its two capabilities; returns the runner it builds.
 * `deny` records the denial: it stands even if the script catches the error the prelude throws.
 */
export function installPrelude(
  context: QuickJSContext,
  capabilities: { deny(message: string): void; loadFetch(): QuickJSHandle },
): QuickJSHandle {
  const denyFn = context.newFunction('hostDeny', (messageHandle) => {
    capabilities.deny(context.getString(messageHandle).slice(0, 500));
    return messageHandle.dup();
  });
  const loadFetch = context.newFunction('loadFetch', () => capabilities.loadFetch());
  const prelude = unwrap(context, context.evalCode(preludeSource, 'prelude.js'));
  try {
    return unwrap(context, context.callFunction(prelude, context.undefined, denyFn, loadFetch));
  } finally {
    prelude.dispose();
    denyFn.dispose();
    loadFetch.dispose();
  }
}

/** The outcome of a run that returned: denied if the script asked, else its claims within their bound. */
export function finishedOutcome(claimsJson: string, denial: string | undefined): WorkerOutcome {
  if (denial !== undefined) return { status: 'denied', message: denial };
  if (claimsJson.length > maxClaimsBytes) {
    return { status: 'error', reason: 'invalid_result', message: `claims exceed ${maxClaimsBytes} bytes` };
  }
  return { status: 'ok', claimsJson };
}

/** The claims text of the runner's promise once settled (a rejection is thrown as a host error); undefined while pending. */
export function settledClaims(context: QuickJSContext, promise: QuickJSHandle): string | undefined {
  const state = context.getPromiseState(promise);
  if (state.type === 'pending') return undefined;
  const result = unwrap(context, state.type === 'fulfilled' ? { value: state.value } : state);
  try {
    return context.getString(result);
  } finally {
    result.dispose();
  }
}

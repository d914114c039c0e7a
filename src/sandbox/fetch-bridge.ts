import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle } from 'quickjs-emscripten';
import { createHostFetch } from './host-fetch.js';
import { fetchSource } from './prelude.js';

/**
 * A script's `fetch`: the host's allowlisted fetch behind QuickJS promises. Built when the script
 * first reads `fetch`, so a script that never fetches pays for none of it.
 */
export class FetchBridge {
  private readonly pending = new Set<QuickJSDeferredPromise>();
  private abort: AbortController | undefined;
  private hostFetch: ReturnType<typeof createHostFetch> | undefined;
  private closed = false;

  constructor(
    private readonly context: QuickJSContext,
    private readonly allowlist: string[],
    /** Called after a fetch settled inside the sandbox (to run the jobs it queued). */
    private readonly onSettled: () => void,
  ) {}

  /** A `fetch` in the context; every one built in a run shares its fetch count and abort signal. */
  build(): QuickJSHandle {
    const { context } = this;
    this.abort ??= new AbortController();
    const hostFetch = (this.hostFetch ??= createHostFetch(this.allowlist, this.abort.signal));
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
    const factory = context.unwrapResult(context.evalCode(fetchSource, 'fetch.js'));
    try {
      return context.unwrapResult(context.callFunction(factory, context.undefined, fetchFn));
    } finally {
      factory.dispose();
      fetchFn.dispose();
    }
  }

  /** Aborts fetches still running; their late answers are dropped. */
  close(): void {
    this.closed = true;
    this.abort?.abort();
    for (const deferred of this.pending) deferred.dispose();
  }

  private settle(deferred: QuickJSDeferredPromise, ok: boolean, text: string): void {
    if (!this.pending.has(deferred) || this.closed) return;
    this.pending.delete(deferred);
    const value = ok ? this.context.newString(text) : this.context.newError(text);
    if (ok) deferred.resolve(value);
    else deferred.reject(value);
    value.dispose();
    this.onSettled();
  }
}

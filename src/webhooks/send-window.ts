/** How one send went, as far as its hook's window is concerned. */
export type SendVerdict = 'fast' | 'slow' | 'other' | 'failed';

/** A 2xx within this share of the timeout counts as fast: the receiver keeps up with the window. */
const fastShareOfTimeout = 0.1;
const fastCeilingMs = 1000;

/**
 * Fast: a 2xx well within the timeout. Slow: a 2xx that took longer. Failed: no answer (timeout,
 * connection error), 429 or 5xx — the receiver is overloaded or down. Other (another 4xx) says
 * nothing about the receiver's capacity.
 */
export function sendVerdict(
  outcome: { statusCode: number | null; durationMs: number },
  timeoutMs: number,
): SendVerdict {
  const { statusCode, durationMs } = outcome;
  if (statusCode === null || statusCode === 429 || statusCode >= 500) return 'failed';
  if (statusCode < 200 || statusCode >= 300) return 'other';
  const fastMs = Math.min(fastCeilingMs, timeoutMs * fastShareOfTimeout);
  return durationMs <= fastMs ? 'fast' : 'slow';
}

/**
 * How many sends may be in flight to one hook, adapted to its receiver (additive increase,
 * multiplicative decrease): each fast answer grows the window by one until it last shrank (so it
 * doubles per round trip), then by one per window of answers; each failure halves it, down to 1.
 * A slow success grows it the same way while the hook has a backlog: a receiver that takes 2 s but
 * answers every send is kept busy with as many sends as the window allows (32 in flight, 16 a
 * second), not held at the window it started with; without a backlog a slow answer changes nothing.
 * It never exceeds `ceiling`, so a receiver that starts hanging holds at most that many slots
 * until its timeouts shrink it.
 */
export class SendWindow {
  private size: number;
  private threshold: number;

  constructor(
    private readonly ceiling: number,
    readonly initial: number,
  ) {
    this.size = initial;
    this.threshold = ceiling;
  }

  get limit(): number {
    return Math.max(1, Math.floor(this.size));
  }

  record(verdict: SendVerdict, backlog = false): void {
    if (verdict === 'failed') {
      this.size = Math.max(1, this.size / 2);
      this.threshold = this.size;
    } else if (verdict === 'fast' || (verdict === 'slow' && backlog)) {
      const step = this.size < this.threshold ? 1 : 1 / this.size;
      this.size = Math.min(this.ceiling, this.size + step);
    }
  }
}

// Windows that moved away from the initial size are remembered for this many idle hooks.
const rememberedWindows = 1024;

/** The windows of the hooks this instance sends to; an idle hook's initial window is not kept. */
export class SendWindows {
  private readonly windows = new Map<string, SendWindow>();

  constructor(
    private readonly ceiling: number,
    readonly initial = Math.min(4, ceiling),
  ) {}

  limit(hookId: string): number {
    return this.windows.get(hookId)?.limit ?? this.initial;
  }

  record(hookId: string, verdict: SendVerdict, backlog: boolean): void {
    let window = this.windows.get(hookId);
    if (!window) this.windows.set(hookId, (window = new SendWindow(this.ceiling, this.initial)));
    window.record(verdict, backlog);
  }

  /** The hooks with a window of their own, and its limit. */
  entries(): IterableIterator<[string, SendWindow]> {
    return this.windows.entries();
  }

  /** The hook went idle: its window is kept (the most recent ones) unless back to the initial size. */
  idle(hookId: string): void {
    const window = this.windows.get(hookId);
    if (!window) return;
    this.windows.delete(hookId);
    if (window.limit === this.initial) return;
    this.windows.set(hookId, window);
    if (this.windows.size > rememberedWindows) this.windows.delete(this.windows.keys().next().value!);
  }
}

import type { Logger } from 'pino';
import { DatabaseUnavailableError } from '../storage/unavailable.js';

const firstRetryMs = 500;
// Short enough that delivery resumes within seconds of the database coming back.
const maxRetryMs = 4000;

/**
 * The delivery worker's view of the database: while it is unavailable, retries are spaced out
 * (doubling up to a few seconds) and the outage is logged once when it starts and once when it ends.
 */
export class DatabaseOutage {
  private since: number | undefined;
  private retryMs = 0;
  private retryAt = 0;

  constructor(private readonly log: Logger) {}

  /** Whether the database may be tried now: always, unless an outage's back-off is running. */
  due(): boolean {
    return Date.now() >= this.retryAt;
  }

  /** Notes a failure; true when it was the database being unavailable (worth retrying). */
  failed(error: unknown, doing: string): boolean {
    if (!(error instanceof DatabaseUnavailableError)) {
      this.log.error({ err: error }, `${doing} failed`);
      return false;
    }
    if (this.since === undefined) {
      this.since = Date.now();
      this.log.warn({ reason: error.reason }, 'database unavailable: webhook delivery paused');
    }
    this.retryMs = Math.min(Math.max(2 * this.retryMs, firstRetryMs), maxRetryMs);
    this.retryAt = Date.now() + this.retryMs;
    return true;
  }

  succeeded(): void {
    if (this.since === undefined) return;
    this.log.info({ downMs: Date.now() - this.since }, 'database available again: webhook delivery resumed');
    this.since = undefined;
    this.retryMs = 0;
    this.retryAt = 0;
  }

  /** Resolves when the next retry is due. */
  waitForRetry(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, Math.max(0, this.retryAt - Date.now())).unref());
  }
}

import { pino, type Logger } from 'pino';
import type { Services } from '../app.js';
import type { Config } from '../config.js';
import type { Db } from '../storage/database.js';
import {
  claimDueDeliveries,
  recordAttempts,
  type AttemptRecord,
  type ClaimedDelivery,
} from './deliveries.repository.js';
import { describeOutcome, nextState, stateColumns } from './delivery-state.js';
import { createSender, type Sender } from './http-sender.js';
import { signedRequest } from './outgoing.js';
import { onDeliveriesEnqueued } from './wakeup.js';

export interface BackgroundWork {
  stop(): Promise<void>;
}

const pollIntervalMs = 500;
const maxClaim = 100;
// On shutdown, sends still running after this are abandoned; their lease hands them to a later claim.
const stopGraceMs = 1000;

/** Starts the webhook delivery workers of this instance (none when TESSERA_WEBHOOK_WORKERS=0). */
export function startDeliveryWorkers(services: Services): BackgroundWork {
  if (services.config.webhooks.workers === 0) return { stop: async () => {} };
  const worker = new DeliveryWorker(services.db, services.config);
  return { stop: () => worker.stop() };
}

/**
 * Claims due deliveries in batches while it has free send slots (TESSERA_WEBHOOK_WORKERS), sends
 * them concurrently over keep-alive connections, and records finished attempts in batches.
 * Woken by `nudgeDeliveries()` after local commits, and by a poll for other instances' rows
 * and for retries that come due.
 */
class DeliveryWorker {
  private readonly log: Logger;
  private readonly sender: Sender;
  private readonly leaseMs: number;
  private readonly poll: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private readonly sends = new Set<Promise<void>>();
  private finished: AttemptRecord[] = [];
  private claiming: Promise<void> | undefined;
  private flushing: Promise<void> | undefined;
  private nudged: NodeJS.Immediate | undefined;
  private claimAgain = false;
  private mayHaveMore = true;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {
    this.log = pino({ level: config.logLevel, name: 'webhooks' });
    this.sender = createSender(config.webhooks);
    // Longer than any send, plus room to record it; only a crashed instance lets a lease lapse.
    this.leaseMs = config.webhooks.timeoutMs + 10_000;
    this.poll = setInterval(() => this.wake(), pollIntervalMs);
    // Deferred a turn, so a nudge from a request handler lets its response go out first.
    this.unsubscribe = onDeliveriesEnqueued(() => {
      this.nudged ??= setImmediate(() => {
        this.nudged = undefined;
        this.wake();
      });
    });
    this.wake();
  }

  private wake(): void {
    this.mayHaveMore = true;
    if (this.claiming) this.claimAgain = true;
    else this.claiming = this.claimLoop().finally(() => (this.claiming = undefined));
  }

  private async claimLoop(): Promise<void> {
    const slots = this.config.webhooks.workers;
    try {
      do {
        this.claimAgain = false;
        while (!this.stopped && this.mayHaveMore && this.sends.size < slots) {
          const wanted = Math.min(slots - this.sends.size, maxClaim);
          const rows = await claimDueDeliveries(this.db, wanted, this.leaseMs);
          this.mayHaveMore = rows.length === wanted;
          for (const row of rows) if (row.enabled) this.dispatch(row);
        }
      } while (this.claimAgain && !this.stopped);
    } catch (error) {
      if (!this.stopped) this.log.error({ err: error }, 'claiming webhook deliveries failed');
    }
  }

  private dispatch(row: ClaimedDelivery): void {
    const send = this.attempt(row).finally(() => {
      this.sends.delete(send);
      if (this.mayHaveMore && !this.stopped) this.wake();
    });
    this.sends.add(send);
  }

  private async attempt(row: ClaimedDelivery): Promise<void> {
    const target = { url: row.url, headers: row.headers, signingKey: row.signing_key };
    const request = signedRequest(target, row.id, row.body, this.config.webhooks.userAgent);
    const outcome = await this.sender.send(request);
    const attempt = row.attempts - row.schedule_base + 1;
    const policy = {
      scheduleSeconds: this.config.webhooks.retryScheduleSeconds,
      maxRetryAfterSeconds: 86_400,
    };
    const { status, nextAttemptAt } = stateColumns(nextState(outcome, attempt, policy));
    this.finished.push({
      deliveryId: row.id,
      status,
      nextAttemptAt,
      durationMs: outcome.durationMs,
      ...describeOutcome(outcome),
    });
    this.flush();
  }

  /** One writer at a time; attempts that finish meanwhile are written by the next round. */
  private flush(): Promise<void> {
    this.flushing ??= (async () => {
      while (this.finished.length > 0) {
        const batch = this.finished;
        this.finished = [];
        try {
          await recordAttempts(this.db, batch);
        } catch (error) {
          // The rows stay leased; once the lease lapses they are sent again (at least once).
          this.log.error({ err: error }, 'recording webhook attempts failed');
        }
      }
    })().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    if (this.nudged) clearImmediate(this.nudged);
    this.unsubscribe();
    await this.claiming;
    const grace = new Promise((resolve) => setTimeout(resolve, stopGraceMs).unref());
    await Promise.race([Promise.allSettled([...this.sends]), grace]);
    await this.flush();
    this.finished = [];
    this.sender.close();
  }
}

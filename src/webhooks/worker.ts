import { pino, type Logger } from 'pino';
import type { Services } from '../app.js';
import type { Config } from '../config.js';
import type { Db } from '../storage/database.js';
import { AttemptRecorder } from './attempt-recorder.js';
import { claimDueDeliveries, type ClaimedDelivery } from './deliveries.repository.js';
import { describeOutcome, nextState, stateColumns } from './delivery-state.js';
import { createSender, type Sender } from './http-sender.js';
import { signedRequest } from './outgoing.js';
import { onDeliveriesEnqueued } from './wakeup.js';

export interface BackgroundWork {
  stop(): Promise<void>;
}

const pollIntervalMs = 500;
// Rows per claim: larger batches cost fewer round trips (the embedded database pays most per statement).
const minClaim = 50;
const maxClaim = 200;
// On shutdown, sends still running after this are abandoned; their lease hands them to a later claim.
const stopGraceMs = 1000;

/** Starts the webhook delivery workers of this instance (none when TESSERA_WEBHOOK_WORKERS=0). */
export function startDeliveryWorkers(services: Services): BackgroundWork {
  if (services.config.webhooks.workers === 0) return { stop: async () => {} };
  const worker = new DeliveryWorker(services.db, services.config);
  return { stop: () => worker.stop() };
}

/**
 * Claims due deliveries in batches into a local queue, refilled while half a window of sends
 * (TESSERA_WEBHOOK_WORKERS concurrent requests) is still queued, so database round trips overlap
 * the HTTP calls. Sends run concurrently over keep-alive connections; finished attempts are recorded in
 * batches. Woken by `nudgeDeliveries()` after local commits, and by a poll for other instances'
 * rows and for retries that come due.
 */
class DeliveryWorker {
  private readonly log: Logger;
  private readonly sender: Sender;
  private readonly recorder: AttemptRecorder;
  private readonly slots: number;
  private readonly claimSize: number;
  private readonly leaseMs: number;
  private readonly poll: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private readonly sends = new Set<Promise<void>>();
  private queue: ClaimedDelivery[] = [];
  private claiming: Promise<void> | undefined;
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
    this.recorder = new AttemptRecorder(db, this.log);
    this.slots = config.webhooks.workers;
    this.claimSize = Math.min(Math.max(this.slots, minClaim), maxClaim);
    // A claimed row waits behind at most half a window plus one claim of rows, then takes one send,
    // then is recorded: only a crashed (or stalled) instance lets its lease lapse.
    const rounds = 2 + Math.ceil(this.claimSize / this.slots);
    this.leaseMs = rounds * config.webhooks.timeoutMs + 10_000;
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
    try {
      do {
        this.claimAgain = false;
        while (!this.stopped && this.mayHaveMore && this.queue.length < this.slots / 2) {
          const rows = await claimDueDeliveries(this.db, this.claimSize, this.leaseMs);
          this.mayHaveMore = rows.length === this.claimSize;
          this.queue.push(...rows.filter((row) => row.enabled));
          this.startSends();
        }
      } while (this.claimAgain && !this.stopped);
    } catch (error) {
      if (!this.stopped) this.log.error({ err: error }, 'claiming webhook deliveries failed');
    }
  }

  private startSends(): void {
    while (!this.stopped && this.sends.size < this.slots && this.queue.length > 0) {
      const send = this.attempt(this.queue.shift()!).finally(() => {
        this.sends.delete(send);
        this.startSends();
        if (this.mayHaveMore && this.queue.length < this.slots / 2) this.wake();
      });
      this.sends.add(send);
    }
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
    this.recorder.add({
      deliveryId: row.id,
      status,
      nextAttemptAt,
      durationMs: outcome.durationMs,
      ...describeOutcome(outcome),
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    if (this.nudged) clearImmediate(this.nudged);
    this.unsubscribe();
    await this.claiming;
    const grace = new Promise((resolve) => setTimeout(resolve, stopGraceMs).unref());
    await Promise.race([Promise.allSettled([...this.sends]), grace]);
    await this.recorder.close();
    // Queued rows were never sent; their lease hands them to the next claim.
    this.queue = [];
    this.sender.close();
  }
}

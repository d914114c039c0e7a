import type { Logger } from 'pino';
import type { Services } from '../app.js';
import type { Config } from '../config.js';
import type { Metrics } from '../operations/metrics.js';
import type { Db } from '../storage/database.js';
import { AttemptRecorder } from './attempt-recorder.js';
import { claimDueDeliveries, type ClaimedDelivery, type DirectLease } from './deliveries.repository.js';
import { attemptDelivery } from './delivery-attempt.js';
import { HookQueues } from './hook-queues.js';
import { createSender, type Sender } from './http-sender.js';
import { DatabaseOutage } from './outage.js';
import { sendVerdict, type SendVerdict } from './send-window.js';
import { onDeliveriesEnqueued, registerDirectTaker } from './wakeup.js';

export interface BackgroundWork {
  stop(): Promise<void>;
}

const pollIntervalMs = 500;
// Rows per claim: larger batches cost fewer round trips (the embedded database pays most per statement).
const minClaim = 50;
const maxClaim = 200;
// A send starts only if it ends (at the latest, by its timeout) this long before its row's lease.
const leaseMarginMs = 5000;

type Queued = ClaimedDelivery & { leaseEndsAt: number };

/** Starts the webhook delivery workers of this instance (none when TESSERA_WEBHOOK_WORKERS=0). */
export function startDeliveryWorkers(services: Services): BackgroundWork {
  if (services.config.webhooks.workers === 0) return { stop: async () => {} };
  const worker = new DeliveryWorker(services);
  return { stop: () => worker.stop() };
}

/**
 * Claims due deliveries in batches into local per-hook queues, refilled while fewer than half a
 * window of sends (TESSERA_WEBHOOK_WORKERS concurrent requests) is ready to go, so database round
 * trips overlap the HTTP calls. Each hook has its own window of sends in flight, grown while its
 * receiver answers fast and shrunk on failures, up to TESSERA_WEBHOOK_MAX_IN_FLIGHT_PER_HOOK; hooks
 * take turns, so a receiver that hangs delays only its own deliveries. Sends run
 * concurrently over keep-alive connections; finished attempts are recorded in batches. The rows
 * this instance writes come leased to it with the write (`Outbox`) while their hook's queue here
 * has room, and go straight to the queues after the commit: no claim. Woken by
 * `nudgeDeliveries()` after local commits of other rows, and by a poll for other instances' rows
 * and for retries that come due.
 */
class DeliveryWorker {
  private readonly log: Logger;
  private readonly sender: Sender;
  private readonly recorder: AttemptRecorder;
  private readonly outage: DatabaseOutage;
  private readonly slots: number;
  private readonly claimSize: number;
  private readonly maxQueued: number;
  private readonly leaseMs: number;
  private readonly poll: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private readonly unregister: () => void;
  private readonly sends = new Set<Promise<void>>();
  private readonly queues: HookQueues<Queued>;
  private claiming: Promise<void> | undefined;
  private nudged: NodeJS.Immediate | undefined;
  private claimAgain = false;
  private mayHaveMore = false;
  private stopped = false;

  private readonly db: Db;
  private readonly config: Config;
  private readonly metrics: Metrics;

  constructor(services: Services) {
    const { config } = services;
    this.db = services.db;
    this.config = config;
    this.metrics = services.metrics;
    this.log = services.log.child({ name: 'webhooks' });
    this.sender = createSender(config.webhooks);
    this.outage = new DatabaseOutage(this.log);
    this.recorder = new AttemptRecorder(this.db, this.outage);
    this.slots = config.webhooks.workers;
    // A hook keeps one more window of its rows queued here, so its sends never wait for a claim.
    this.queues = new HookQueues(Math.min(config.webhooks.maxInFlightPerHook, this.slots));
    this.claimSize = Math.min(Math.max(2 * this.slots, minClaim), maxClaim);
    this.maxQueued = Math.ceil(this.slots / 2) + this.claimSize;
    // A claimed row waits behind at most the queue (in turns with other hooks) and its own hook's
    // window, then takes one send, then is recorded: only a crashed (or stalled) instance lets its
    // lease lapse. A row that waited too long anyway is left to the claim after its lease.
    const rounds = 3 + Math.ceil(this.maxQueued / this.slots);
    this.leaseMs = rounds * config.webhooks.timeoutMs + config.webhooks.leaseFloorMs;
    this.poll = setInterval(() => this.wake(), pollIntervalMs);
    // Deferred a turn, so a nudge from a request handler lets its response go out first.
    this.unsubscribe = onDeliveriesEnqueued(() => {
      this.nudged ??= setImmediate(() => {
        this.nudged = undefined;
        this.wake();
      });
    });
    this.unregister = registerDirectTaker(this.db, {
      offer: () => this.offer(),
      take: (rows, leasedAt) => this.takeDirect(rows, leasedAt),
    });
    this.wake();
  }

  /** The lease of rows written now, while this worker can queue them (their hook's queue too). */
  private offer(): DirectLease | undefined {
    if (this.stopped || !this.outage.due() || this.queues.queued >= this.maxQueued) return undefined;
    return { leaseMs: this.leaseMs, skipHookIds: this.queues.fullHookIds() };
  }

  private takeDirect(rows: ClaimedDelivery[], leasedAt: number): void {
    // Stopped meanwhile: the rows' lease hands them to a later claim.
    if (this.stopped) return;
    this.queues.add(rows.map((row) => ({ ...row, leaseEndsAt: leasedAt + this.leaseMs })));
    this.startSends();
  }

  private wake(): void {
    if (!this.outage.due()) return;
    if (this.claiming) this.claimAgain = true;
    else this.claiming = this.claimLoop().finally(() => (this.claiming = undefined));
  }

  private wantsRows(): boolean {
    return this.queues.ready() < this.slots / 2 && this.queues.queued < this.maxQueued;
  }

  private async claimLoop(): Promise<void> {
    try {
      do {
        // A wake during a claim may concern rows that claim could not see (a later commit, a hook
        // that had no room): it earns one more claim whatever that claim found.
        this.claimAgain = false;
        this.mayHaveMore = true;
        while (!this.stopped && this.mayHaveMore && this.wantsRows()) {
          const claimedAt = Date.now();
          const limit = Math.min(this.claimSize, this.maxQueued - this.queues.queued);
          const room = this.queues.room();
          const rows = await claimDueDeliveries(this.db, {
            limit,
            leaseMs: this.leaseMs,
            perHook: this.queues.budget,
            room,
          });
          this.outage.succeeded();
          // A short claim means the rest is not due or belongs to hooks without room, which ask for
          // a claim once they have room again: no claim after claim to find nothing.
          this.mayHaveMore = rows.length === limit;
          const leaseEndsAt = claimedAt + this.leaseMs;
          const enabled = rows.filter((row) => row.enabled);
          for (const row of rows) if (!row.enabled) this.metrics.deliveryFinished('disabled', row.created_at);
          this.queues.push(
            enabled.map((row) => ({ ...row, leaseEndsAt })),
            room,
          );
          this.startSends();
        }
      } while (this.claimAgain && !this.stopped);
    } catch (error) {
      if (!this.stopped) this.outage.failed(error, 'claiming webhook deliveries');
    }
  }

  private startSends(): void {
    const latestStart = () => Date.now() + this.config.webhooks.timeoutMs + leaseMarginMs;
    while (!this.stopped && this.sends.size < this.slots) {
      const row = this.queues.take();
      if (!row) return;
      // Sent now, it could still be running when another claim takes it: leave it to that claim.
      if (row.leaseEndsAt < latestStart()) {
        this.queues.finished(row.hook_id);
        continue;
      }
      let verdict: SendVerdict | undefined;
      const send = attemptDelivery(this.sender, this.config.webhooks, row)
        .then((record) => {
          verdict = sendVerdict(record, this.config.webhooks.timeoutMs);
          this.recorder.add(record);
          if (record.status !== 'pending') this.metrics.deliveryFinished(record.status, row.created_at);
        })
        .finally(() => {
          this.sends.delete(send);
          // A hook whose rows were left behind for want of room may have room again.
          const reopened = this.queues.finished(row.hook_id, verdict);
          this.startSends();
          // A running claim loop goes on by itself while rows are wanted and may be waiting.
          if (reopened || (!this.claiming && this.mayHaveMore && this.wantsRows())) this.wake();
        });
      this.sends.add(send);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    if (this.nudged) clearImmediate(this.nudged);
    this.unsubscribe();
    this.unregister();
    await this.claiming;
    // Sends still running after the grace are abandoned; their lease hands them to a later claim.
    const grace = new Promise((resolve) => setTimeout(resolve, this.config.shutdownGraceMs).unref());
    await Promise.race([Promise.allSettled([...this.sends]), grace]);
    await this.recorder.close();
    // Queued rows were never sent; their lease hands them to the next claim.
    this.queues.clear();
    this.sender.close();
  }
}

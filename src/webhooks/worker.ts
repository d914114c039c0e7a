import type { Tracer } from '@opentelemetry/api';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Metrics } from '../operations/metrics.js';
import type { Services } from '../services.js';
import type { Clock } from '../storage/clock.js';
import type { Db } from '../storage/database.js';
import { AttemptRecorder } from './attempt-recorder.js';
import { nextClaim, wantsRows, type QueueLevels } from './claim-plan.js';
import { claimDueDeliveries, type ClaimedDelivery, type DirectLease } from './deliveries.repository.js';
import { attemptDelivery } from './delivery-attempt.js';
import { HookQueues } from './hook-queues.js';
import { createSender, type Sender } from './http-sender.js';
import { DatabaseOutage } from './outage.js';
import { sendVerdict, type SendVerdict } from './send-window.js';
import { watchSilentInstances } from './takeover.js';

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

/**
 * What the claiming side of the worker is doing. `claiming` keeps whether it was woken meanwhile: a
 * wake during a claim may concern rows that claim could not see (a later commit, a hook that had no
 * room), so it earns one more pass whatever that claim found.
 */
type ClaimState =
  { kind: 'idle' } | { kind: 'claiming'; run: Promise<void>; wokenMeanwhile: boolean } | { kind: 'stopped' };

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
 * has room, and go straight to the queues after the commit: no claim. Attached to the app's
 * `Deliveries`, it is nudged after local commits of other rows, and polls for other instances'
 * rows and for retries that come due.
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
  private readonly detach: () => void;
  private readonly takeover: { stop(): Promise<void> };
  /** This instance's id, recorded with each lease it takes. */
  private readonly owner: string;
  private readonly sends = new Set<Promise<void>>();
  private readonly queues: HookQueues<Queued>;
  private state: ClaimState = { kind: 'idle' };
  private nudged: NodeJS.Immediate | undefined;
  /** Whether the last claim came back full: more rows may be due. */
  private mayHaveMore = false;

  private readonly db: Db;
  private readonly clock: Clock;
  private readonly config: Config;
  private readonly metrics: Metrics;
  private readonly tracer: Tracer;

  constructor(services: Services) {
    const { config } = services;
    this.db = services.db;
    this.clock = services.clock;
    this.config = config;
    this.metrics = services.metrics;
    this.tracer = services.tracer;
    this.log = services.log.child({ name: 'webhooks' });
    this.sender = createSender(config.webhooks);
    this.outage = new DatabaseOutage(this.log);
    this.recorder = new AttemptRecorder(this.db, this.outage, this.clock);
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
    this.owner = services.instance.id;
    this.poll = setInterval(() => this.wake(), pollIntervalMs);
    this.takeover = watchSilentInstances(services, this.log, () => this.wake());
    this.detach = services.deliveries.attach({
      offer: () => this.offer(),
      take: (rows, leasedAt) => this.takeDirect(rows, leasedAt),
      // Deferred a turn, so a nudge from a request handler lets its response go out first.
      nudge: () => {
        this.nudged ??= setImmediate(() => {
          this.nudged = undefined;
          this.wake();
        });
      },
    });
    this.wake();
  }

  private get stopped(): boolean {
    return this.state.kind === 'stopped';
  }

  private levels(): QueueLevels {
    return {
      ready: this.queues.ready(),
      queued: this.queues.queued,
      slots: this.slots,
      maxQueued: this.maxQueued,
      claimSize: this.claimSize,
      mayHaveMore: this.mayHaveMore,
    };
  }

  /** The lease of rows written now, while this worker can queue them (their hook's queue too). */
  private offer(): DirectLease | undefined {
    if (this.stopped || !this.outage.due() || this.queues.queued >= this.maxQueued) return undefined;
    return { leaseMs: this.leaseMs, skipHookIds: this.queues.fullHookIds(), owner: this.owner };
  }

  private takeDirect(rows: ClaimedDelivery[], leasedAt: number): void {
    // Stopped meanwhile: the rows' lease hands them to a later claim.
    if (this.stopped) return;
    this.queues.add(rows.map((row) => ({ ...row, leaseEndsAt: leasedAt + this.leaseMs })));
    this.startSends();
  }

  private wake(): void {
    if (!this.outage.due()) return;
    switch (this.state.kind) {
      case 'stopped':
        return;
      case 'claiming':
        this.state.wokenMeanwhile = true;
        return;
      case 'idle': {
        const run = this.claimLoop().finally(() => {
          if (this.state.kind === 'claiming') this.state = { kind: 'idle' };
        });
        this.state = { kind: 'claiming', run, wokenMeanwhile: false };
      }
    }
  }

  /** Whether the claim passes should go on: woken meanwhile (and then reset), and not stopped. */
  private claimAgain(): boolean {
    if (this.state.kind !== 'claiming' || !this.state.wokenMeanwhile) return false;
    this.state.wokenMeanwhile = false;
    return true;
  }

  private async claimLoop(): Promise<void> {
    try {
      do {
        this.mayHaveMore = true;
        for (let limit = nextClaim(this.levels()); limit && !this.stopped; limit = nextClaim(this.levels())) {
          const claimedAt = this.clock.now();
          const room = this.queues.room();
          const rows = await claimDueDeliveries(
            this.db,
            { limit, leaseMs: this.leaseMs, perHook: this.queues.budget, room, owner: this.owner },
            this.clock,
          );
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
      } while (this.claimAgain());
    } catch (error) {
      if (!this.stopped) this.outage.failed(error, 'claiming webhook deliveries');
    }
  }

  private startSends(): void {
    const latestStart = () => this.clock.now() + this.config.webhooks.timeoutMs + leaseMarginMs;
    while (!this.stopped && this.sends.size < this.slots) {
      const row = this.queues.take();
      if (!row) return;
      // Sent now, it could still be running when another claim takes it: leave it to that claim.
      if (row.leaseEndsAt < latestStart()) {
        this.queues.finished(row.hook_id);
        continue;
      }
      let verdict: SendVerdict | undefined;
      const send = attemptDelivery(this.sender, this.config.webhooks, row, this.clock, this.tracer)
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
          const idleWithWork = this.state.kind === 'idle' && this.mayHaveMore && wantsRows(this.levels());
          if (reopened || idleWithWork) this.wake();
        });
      this.sends.add(send);
    }
  }

  async stop(): Promise<void> {
    const run = this.state.kind === 'claiming' ? this.state.run : undefined;
    this.state = { kind: 'stopped' };
    clearInterval(this.poll);
    if (this.nudged) clearImmediate(this.nudged);
    this.detach();
    await Promise.all([run, this.takeover.stop()]);
    // Sends still running after the grace are abandoned; their lease hands them to a later claim.
    const grace = new Promise((resolve) => setTimeout(resolve, this.config.shutdownGraceMs).unref());
    await Promise.race([Promise.allSettled([...this.sends]), grace]);
    await this.recorder.close();
    // Queued rows were never sent; their lease hands them to the next claim.
    this.queues.clear();
    this.sender.close();
  }
}

import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { Clock } from './clock.js';
import type { Db } from './database.js';
import { newId } from './ids.js';
import { beatHeartbeat, removeInstance } from './instances.repository.js';

export interface HeartbeatSettings {
  /** An instance whose heartbeat is older than this counts as gone: its leases may be taken over. */
  deadAfterMs: number;
  heartbeatMs: number;
}

/**
 * This process's entry in `instances`, beaten every `heartbeatMs`. Others take over what it leased
 * once its heartbeat is `deadAfterMs` old; it judges others only while `steady()`: after beating
 * without a gap for a whole `deadAfterMs`, so that after an outage of the database (every heartbeat
 * stale at once), or a stall of this process, each instance has had time to beat again first.
 */
export class InstanceHeartbeat {
  readonly id = `ins_${newId(16)}`;
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;
  private steadySince: number | undefined;
  private lastBeatAt = -Infinity;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly settings: HeartbeatSettings,
    private readonly log: Logger,
  ) {}

  /** Registers this instance (before it leases anything) and keeps beating. */
  async start(): Promise<void> {
    await beatHeartbeat(this.db, this.id, this.clock);
    this.noteBeat();
    this.timer = setInterval(() => void (this.beating ??= this.beat()), this.settings.heartbeatMs);
    this.timer.unref();
  }

  /** Whether this instance may judge others gone by their heartbeat (see the class comment). */
  steady(): boolean {
    return (
      this.steadySince !== undefined && performance.now() - this.steadySince >= this.settings.deadAfterMs
    );
  }

  /** Calls `listener` after each beat written; returns the unsubscribe. */
  onBeat(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A clean stop: the row goes, so others take over what this instance still holds at once. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    await removeInstance(this.db, this.id).catch((error: unknown) =>
      this.log.warn({ err: error }, 'could not remove this instance from the instances table'),
    );
  }

  private async beat(): Promise<void> {
    try {
      await beatHeartbeat(this.db, this.id, this.clock);
      this.noteBeat();
      for (const listener of this.listeners) listener();
    } catch (error) {
      // Logged once per run of failures; the database's outage is reported by its users.
      if (this.steadySince !== undefined) this.log.warn({ err: error }, 'heartbeat failed');
      this.steadySince = undefined;
    } finally {
      this.beating = undefined;
    }
  }

  private noteBeat(): void {
    const now = performance.now();
    // A gap of half the threshold means this process or its database stalled: start over.
    if (this.steadySince === undefined || now - this.lastBeatAt > this.settings.deadAfterMs / 2)
      this.steadySince = now;
    this.lastBeatAt = now;
  }
}

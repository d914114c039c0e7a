import type { Kysely } from 'kysely';
import { currentTraceParent } from '../operations/trace-parent.js';
import type { Clock } from '../storage/clock.js';
import type { Database } from '../storage/schema.js';
import { insertDeliveries, type ClaimedDelivery, type DirectLease } from './deliveries.repository.js';
import { payloadWithoutHookId, type PendingEvent, type TriggerContext } from './payload.js';

/** Where an outbox hands its rows after the commit: the app's `Deliveries`. */
export interface OutboxHandOff {
  /** The lease for rows written now, or undefined when no worker here would take them at once. */
  offer(): DirectLease | undefined;
  /** Rows written leased to this app's worker, committed, with the time their lease was counted from. */
  take(rows: ClaimedDelivery[], leasedAt: number): void;
  /** Unleased rows were committed: the worker should claim soon rather than at its next poll. */
  nudge(): void;
}

/**
 * The webhook events of one transaction. `write` puts them into the outbox inside the transaction,
 * so a rolled-back change fires nothing and a committed one is delivered even if the process dies
 * right after the commit: one statement whatever the number of events and subscribed hooks.
 * `committed`, called once the transaction has committed, hands the rows written leased to this
 * instance's worker (sent with no claim) and wakes the workers for the others; rows nobody hands
 * over are claimed once their lease runs out.
 */
export class Outbox {
  private leased: ClaimedDelivery[] = [];
  private leasedAt = Infinity;
  private unleased = 0;

  constructor(
    private readonly handOff: OutboxHandOff,
    private readonly clock: Clock,
  ) {}

  async write(trx: Kysely<Database>, context: TriggerContext, events: PendingEvent[]): Promise<void> {
    if (events.length === 0) return;
    const lease = this.handOff.offer();
    const leasedAt = this.clock.now();
    const createdAt = new Date();
    const { written, leased } = await insertDeliveries(
      trx,
      events.map((pending) => ({
        event: pending.event,
        bodyWithoutHookId: payloadWithoutHookId(context, pending, createdAt),
      })),
      lease,
      this.clock,
      // The attempts' spans link to the writer's: its request, when traced.
      currentTraceParent(),
    );
    this.leased.push(...leased);
    if (leased.length > 0) this.leasedAt = Math.min(this.leasedAt, leasedAt);
    this.unleased += written - leased.length;
  }

  committed(): void {
    if (this.leased.length > 0) this.handOff.take(this.leased, this.leasedAt);
    if (this.unleased > 0) this.handOff.nudge();
    this.leased = [];
    this.leasedAt = Infinity;
    this.unleased = 0;
  }
}

/** Fires events outside a transaction of the caller's (Experience API, OIDC exceptions): at once. */
export async function fireEvents(
  { db, deliveries }: { db: Kysely<Database>; deliveries: { outbox(): Outbox } },
  context: TriggerContext,
  events: PendingEvent[],
): Promise<void> {
  const outbox = deliveries.outbox();
  await outbox.write(db, context, events);
  outbox.committed();
}

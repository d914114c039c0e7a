import type { Clock } from '../storage/clock.js';
import type { ClaimedDelivery, DirectLease } from './deliveries.repository.js';
import { Outbox, type OutboxHandOff } from './outbox.js';

/** What the delivery worker of an app offers to the writers of that app's outbox rows. */
export type DeliveryConsumer = OutboxHandOff;

/**
 * The one owner of the hand-off between the writers of outbox rows (management, flows, the
 * Account API) and the delivery worker of the same app, built in `buildApp`: writers get their
 * `Outbox` here, the worker attaches itself while it runs. Without a worker
 * (TESSERA_WEBHOOK_WORKERS=0, or stopped) rows are written unleased and any instance claims them.
 * A jump of the app's clock (a test's) wakes the worker too: retries and lapsed leases may be due.
 */
export class Deliveries implements OutboxHandOff {
  private consumer: DeliveryConsumer | undefined;

  constructor(private readonly clock: Clock) {}

  /** The events of one transaction, to write inside it and hand over after its commit. */
  outbox(): Outbox {
    return new Outbox(this, this.clock);
  }

  attach(consumer: DeliveryConsumer): () => void {
    this.consumer = consumer;
    const unsubscribe = this.clock.onAdvance(() => this.nudge());
    return () => {
      unsubscribe();
      if (this.consumer === consumer) this.consumer = undefined;
    };
  }

  offer(): DirectLease | undefined {
    return this.consumer?.offer();
  }

  take(rows: ClaimedDelivery[], leasedAt: number): void {
    this.consumer?.take(rows, leasedAt);
  }

  nudge(): void {
    this.consumer?.nudge();
  }
}

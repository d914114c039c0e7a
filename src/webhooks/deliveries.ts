import type { ClaimedDelivery, DirectLease } from './deliveries.repository.js';
import { Outbox, type OutboxHandOff } from './outbox.js';

/** What the delivery worker of an app offers to the writers of that app's outbox rows. */
export type DeliveryConsumer = OutboxHandOff;

/**
 * The one owner of the hand-off between the writers of outbox rows (management, flows, the
 * Account API) and the delivery worker of the same app, built in `buildApp`: writers get their
 * `Outbox` here, the worker attaches itself while it runs. Without a worker
 * (TESSERA_WEBHOOK_WORKERS=0, or stopped) rows are written unleased and any instance claims them.
 */
export class Deliveries implements OutboxHandOff {
  private consumer: DeliveryConsumer | undefined;

  /** The events of one transaction, to write inside it and hand over after its commit. */
  outbox(): Outbox {
    return new Outbox(this);
  }

  attach(consumer: DeliveryConsumer): () => void {
    this.consumer = consumer;
    return () => {
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

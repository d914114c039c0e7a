import assert from 'node:assert/strict';
import { after } from 'node:test';
import { hookEvents } from '../../src/webhooks/event-names.js';
import type { TestService } from '../support/service.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

export interface EventTap {
  receiver: WebhookReceiver;
  hookId: string;
  /**
   * Every event fired since the last call, once all of them are delivered: the outbox rows are
   * written with the change, so when none of this hook's deliveries is pending any more, the
   * receiver holds the complete set (in any order).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  take(): Promise<any[]>;
}

/** A real receiver subscribed to every event of the catalogue. */
export async function tapAllEvents(t: TestService): Promise<EventTap> {
  const receiver = await startWebhookReceiver();
  after(() => receiver.close());
  const hook = await t.api<{ id: string }>('POST', '/hooks', {
    name: 'everything',
    events: [...hookEvents],
    config: { url: receiver.url },
  });
  assert.equal(hook.status, 201, JSON.stringify(hook.body));
  const hookId = hook.body.id;
  let seen = 0;
  const db = t.service.storage.db;

  const take = async () => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const rows = await db
        .selectFrom('hook_deliveries')
        .select(['status'])
        .where('hook_id', '=', hookId)
        .execute();
      const open = rows.filter((row) => row.status === 'pending' || row.status === 'retrying').length;
      const delivered = rows.filter((row) => row.status === 'delivered').length;
      if (open === 0 && receiver.accepted().length >= delivered) break;
      if (Date.now() > deadline) throw new Error(`deliveries still open: ${open}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const fresh = receiver.accepted().slice(seen);
    seen += fresh.length;
    return fresh.map((request) => request.json);
  };
  return { receiver, hookId, take };
}

/** The events' names, sorted, for an exact comparison of what a flow fired. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const names = (events: any[]) => events.map((event) => event.event as string).sort();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const only = (events: any[], name: string) => {
  const matching = events.filter((event) => event.event === name);
  assert.equal(matching.length, 1, `exactly one ${name} in ${JSON.stringify(names(events))}`);
  return matching[0];
};

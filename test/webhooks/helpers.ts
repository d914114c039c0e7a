import type { PendingEvent, TriggerContext } from '../../src/webhooks/payload.js';
import type { TestService } from '../support/service.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Body = any;

/** Creates an enabled hook through the management API and returns its body. */
export async function createHook(
  t: TestService,
  url: string,
  events: string[],
  headers?: Record<string, string>,
) {
  const response = await t.api<Body>('POST', '/hooks', {
    name: `hook-${events.join('-')}`,
    events,
    config: { url, ...(headers ? { headers } : {}) },
  });
  if (response.status !== 201)
    throw new Error(`create hook: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Fires events the way `mutate()` does: outbox rows in one transaction, handed over after it. */
export async function fire(
  t: TestService,
  events: PendingEvent[],
  context: TriggerContext = {},
): Promise<void> {
  const { db } = t.service.storage;
  const outbox = t.service.app.services.deliveries.outbox();
  await db.transaction().execute((trx) => outbox.write(trx, context, events));
  outbox.committed();
}

/** Polls `read` until `done` holds; for background state the API exposes (no fixed sleeps). */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// test-backends: pglite, postgres
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { sql } from 'kysely';
import { ManualClock } from '../../src/storage/clock.js';
import { beatHeartbeat } from '../../src/storage/instances.repository.js';
import {
  claimDueDeliveries,
  insertDeliveries,
  recordAttempts,
} from '../../src/webhooks/deliveries.repository.js';
import { releaseLeasesOfSilentInstances } from '../../src/webhooks/takeover.repository.js';
import { openTestStorage } from '../support/storage.js';

const room = { fullHookIds: [], hookIds: [], rooms: [] };
const deadAfterMs = 3000;

describe('the takeover of leases held by silent instances', async () => {
  const { storage, close } = await openTestStorage();
  const { db } = storage;
  after(close);
  const clock = new ManualClock();

  const leasedTo = async (owner: string) => {
    const event = { event: 'Role.Created', bodyWithoutHookId: `{"owner":"${owner}"}` };
    const { leased } = await insertDeliveries(
      db,
      [event],
      { leaseMs: 600_000, skipHookIds: [], owner },
      clock,
    );
    return leased[0]!.id;
  };
  const ownerOf = async (id: string) =>
    (
      await db
        .selectFrom('hook_deliveries')
        .select('leased_by')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).leased_by;

  it('releases the rows of instances silent past the threshold or gone, never of one that beats', async () => {
    await sql`INSERT INTO hooks (id, name, events, url, signing_key)
              VALUES ('hook_t', 't', '{Role.Created}', 'http://127.0.0.1:9/', 'key')`.execute(db);
    await beatHeartbeat(db, 'ins_live', clock);
    await beatHeartbeat(db, 'ins_silent', clock);
    const live = await leasedTo('ins_live');
    const silent = await leasedTo('ins_silent');
    const gone = await leasedTo('ins_gone');
    assert.equal(await ownerOf(live), 'ins_live');

    // Only the row of an instance absent from `instances` (stopped, or forgotten) goes at once.
    assert.equal(await releaseLeasesOfSilentInstances(db, deadAfterMs, clock), 1);
    assert.equal(await ownerOf(gone), null);
    assert.equal(await ownerOf(silent), 'ins_silent');

    // Past the threshold, the instance that kept beating keeps its row; the silent one loses it.
    clock.advance(deadAfterMs + 1000);
    await beatHeartbeat(db, 'ins_live', clock);
    assert.equal(await releaseLeasesOfSilentInstances(db, deadAfterMs, clock), 1);
    assert.equal(await ownerOf(silent), null);
    assert.equal(await ownerOf(live), 'ins_live');

    // The released rows are due now and the next claim takes them (and only them) in its own name.
    const claimed = await claimDueDeliveries(
      db,
      { limit: 10, leaseMs: 600_000, perHook: 10, room, owner: 'ins_live' },
      clock,
    );
    assert.deepEqual(claimed.map((row) => row.id).sort(), [gone, silent].sort());
    assert.equal(await ownerOf(gone), 'ins_live');

    // Recording the attempt ends the lease and its owner with it.
    await recordAttempts(
      db,
      claimed.map((row) => ({
        deliveryId: row.id,
        status: 'delivered' as const,
        nextAttemptAt: null,
        statusCode: 204,
        error: null,
        durationMs: 1,
      })),
      clock,
    );
    assert.equal(await ownerOf(gone), null);
    assert.equal(await releaseLeasesOfSilentInstances(db, deadAfterMs, clock), 0);
  });
});

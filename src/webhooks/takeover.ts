import type { Logger } from 'pino';
import type { Services } from '../services.js';
import { releaseLeasesOfSilentInstances } from './takeover.repository.js';

/**
 * After each heartbeat of this instance, while it is steady, releases the deliveries leased by
 * instances that stopped beating (a kill -9, a lost machine) and wakes the worker to claim them:
 * a crashed instance's rows go out within the dead-after threshold and a beat, not after their
 * lease. Each survivor tries; the row locks let one release a row and the claims share them.
 */
export function watchSilentInstances(
  { db, clock, instance }: Pick<Services, 'db' | 'clock' | 'instance'>,
  log: Logger,
  wake: () => void,
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  let stopped = false;
  const release = async () => {
    try {
      const released = await releaseLeasesOfSilentInstances(db, instance.settings.deadAfterMs, clock);
      if (released === 0 || stopped) return;
      log.info({ released }, 'took over webhook deliveries leased by an instance that stopped beating');
      wake();
    } catch (error) {
      // The next beat tries again; an outage of the database is reported by the worker's claims.
      if (!stopped) log.debug({ err: error }, 'releasing the deliveries of silent instances failed');
    } finally {
      running = undefined;
    }
  };
  const unsubscribe = instance.onBeat(() => {
    if (!stopped && instance.steady()) running ??= release();
  });
  return {
    stop: async () => {
      stopped = true;
      unsubscribe();
      await running;
    },
  };
}

import type { Services } from '../app.js';

export interface BackgroundWork {
  stop(): Promise<void>;
}

/** Starts the webhook delivery workers of this instance. */
export function startDeliveryWorkers(_services: Services): BackgroundWork {
  return { stop: async () => {} };
}

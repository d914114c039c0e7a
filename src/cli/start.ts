import type { Config } from '../config.js';
import { watchParent } from './parent-watch.js';
import { decideStop, type StopRequest } from './stop-decision.js';

/** `tessera start`: serves until SIGTERM, SIGINT or the loss of the npm that ran it, then stops gracefully. */
export async function startCommand(config: Config): Promise<void> {
  const { startService } = await import('../service.js');
  // Watched from the start, so a parent lost while the service starts up is not missed.
  const early: StopRequest[] = [];
  let request = (next: StopRequest): void => void early.push(next);
  watchParent(() => request({ kind: 'parent-gone', at: Date.now() }));
  const service = await startService(config);
  let first: StopRequest | undefined;
  request = (next) => {
    const action = decideStop(first, next);
    const reason = next.kind === 'signal' ? next.signal : 'parent process gone';
    switch (action.kind) {
      case 'begin':
        first = next;
        service.app.log.info({ reason }, 'shutting down');
        service.stop().then(
          () => process.exit(0),
          (error: unknown) => {
            console.error('tessera: stop failed:', error instanceof Error ? error.message : error);
            process.exit(1);
          },
        );
        return;
      case 'continue':
        service.app.log.info({ reason, why: action.why }, 'already stopping: the grace goes on');
        return;
      case 'exit-now':
        console.error(`tessera: ${reason} while stopping, exiting now`);
        process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => request({ kind: 'signal', signal, at: Date.now() }));
  }
  for (const next of early) request(next);
}

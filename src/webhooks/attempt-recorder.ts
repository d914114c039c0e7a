import type { Logger } from 'pino';
import type { Db } from '../storage/database.js';
import { recordAttempts, type AttemptRecord } from './deliveries.repository.js';

// Recording waits this long to gather attempts into one statement; delivery itself never waits.
const gatherMs = 10;

/**
 * Writes finished attempts in batches, one writer at a time: it waits a few milliseconds before each
 * batch, so the attempts that finish meanwhile share one statement instead of one each.
 */
export class AttemptRecorder {
  private finished: AttemptRecord[] = [];
  private writing: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  add(record: AttemptRecord): void {
    // After close the database may be gone; the row's lease hands it to a later claim.
    if (this.closed) return;
    this.finished.push(record);
    this.writing ??= this.write();
  }

  /** Writes what has finished so far, then refuses more. */
  async close(): Promise<void> {
    await (this.writing ??= this.write());
    this.closed = true;
    this.finished = [];
  }

  private async write(): Promise<void> {
    try {
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, gatherMs));
        if (this.finished.length === 0) return;
        const batch = this.finished;
        this.finished = [];
        try {
          await recordAttempts(this.db, batch);
        } catch (error) {
          // The rows stay leased; once the lease lapses they are sent again (at least once).
          this.log.error({ err: error }, 'recording webhook attempts failed');
        }
      }
    } finally {
      this.writing = undefined;
    }
  }
}

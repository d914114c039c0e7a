import type { Clock } from '../storage/clock.js';
import type { Db } from '../storage/database.js';
import { recordAttempts, type AttemptRecord } from './deliveries.repository.js';
import type { DatabaseOutage } from './outage.js';

// Recording waits this long to gather attempts into one statement; delivery itself never waits.
const gatherMs = 20;
// Attempts per statement, at most. Beyond a few hundred a larger statement saves nothing per row,
// and a statement's time grows with its rows: a batch past the statement timeout would fail whole,
// be kept as if the database were away, and grow with every retry while its rows' leases run out.
const defaultMaxBatch = 500;

/**
 * Writes finished attempts in batches, one writer at a time: it waits a few milliseconds before each
 * batch, so the attempts that finish meanwhile share one statement instead of one each. While more
 * than a batch is waiting, it writes the next one at once.
 */
export class AttemptRecorder {
  private finished: AttemptRecord[] = [];
  private writing: Promise<void> | undefined;
  private closed = false;
  private closing = false;

  constructor(
    private readonly db: Db,
    private readonly outage: DatabaseOutage,
    private readonly clock: Clock,
    private readonly maxBatch = defaultMaxBatch,
  ) {}

  add(record: AttemptRecord): void {
    // After close the database may be gone; the row's lease hands it to a later claim.
    if (this.closed) return;
    this.finished.push(record);
    this.writing ??= this.write();
  }

  /** Writes what has finished so far, then refuses more. */
  async close(): Promise<void> {
    this.closing = true;
    await (this.writing ??= this.write());
    this.closed = true;
    this.finished = [];
  }

  private async write(): Promise<void> {
    try {
      for (;;) {
        if (this.finished.length < this.maxBatch)
          await new Promise((resolve) => setTimeout(resolve, gatherMs));
        if (this.finished.length === 0) return;
        const batch = this.finished.splice(0, this.maxBatch);
        try {
          await recordAttempts(this.db, batch, this.clock);
          this.outage.succeeded();
        } catch (error) {
          // Kept while the database is away, so a sent event is not sent again once it is back;
          // otherwise (or when stopping) the rows stay leased and a later claim sends them again.
          if (this.outage.failed(error, 'recording webhook attempts') && !this.closing) {
            this.finished = batch.concat(this.finished);
            await this.outage.waitForRetry();
          }
        }
      }
    } finally {
      this.writing = undefined;
    }
  }
}

import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import { newId } from '../storage/ids.js';
import { json } from '../storage/json.js';
import type { LogEntry } from './write-log.js';

interface Waiting {
  entry: LogEntry;
  done(error?: unknown): void;
}

const maxRows = 256;

/**
 * Audit records written in group commits: the first record goes out at once, and the records
 * written while an insert runs go together in the next one, one statement for all. Each caller
 * still waits until its own record is committed, so nothing is answered before it is logged.
 */
class LogBatch {
  private waiting: Waiting[] = [];
  private running = false;

  constructor(private readonly db: Kysely<Database>) {}

  write(entry: LogEntry): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ entry, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.running) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.running = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, maxRows);
      try {
        await this.db
          .insertInto('logs')
          .values(
            batch.map(({ entry }) => ({
              id: newId(),
              key: entry.key,
              user_id: entry.userId ?? null,
              application_id: entry.applicationId ?? null,
              payload: json({ key: entry.key, ...entry.payload }),
            })),
          )
          .execute();
        for (const waiting of batch) waiting.done();
      } catch (error) {
        for (const waiting of batch) waiting.done(error ?? new Error('audit log insert failed'));
      }
    }
    this.running = false;
  }
}

const batches = new WeakMap<Kysely<Database>, LogBatch>();

/** Appends one audit record outside any transaction, folded with concurrent ones into one insert. */
export function writeLogBatched(db: Kysely<Database>, entry: LogEntry): Promise<void> {
  let batch = batches.get(db);
  if (!batch) batches.set(db, (batch = new LogBatch(db)));
  return batch.write(entry);
}

import { sql, type RawBuilder } from 'kysely';

/**
 * The time by which lockouts, webhook leases and retries, subject tokens and management tokens are
 * judged, in JS and in SQL alike. The system clock keeps the database's own `now()` in statements,
 * so instances sharing one PostgreSQL judge leases and locks by one clock; a `ManualClock` (tests)
 * moves both forward together. oidc-provider keeps its own clock for the tokens it issues.
 */
export interface Clock {
  /** Milliseconds since the epoch, for decisions made in JS. */
  now(): number;
  /**
   * The same instant inside a statement built with `sql` or the query builder: the transaction's
   * start (`now()`), or with `'statement'` the statement's (`statement_timestamp()`).
   */
  sqlNow(start?: SqlStart): RawBuilder<Date>;
  /**
   * The same instant in hand-written statement text, `placeholder` naming the parameter it may
   * need (a `$n` not otherwise used): the text, and the parameters to append (none or one).
   */
  sqlNowText(placeholder: string): { text: string; parameters: unknown[] };
  /** Calls `listener` whenever the clock jumps forward (never, for the system clock); returns the unsubscribe. */
  onAdvance(listener: () => void): () => void;
}

export type SqlStart = 'transaction' | 'statement';

const startFunctions = { transaction: sql`now()`, statement: sql`statement_timestamp()` };

export const systemClock: Clock = {
  now: () => Date.now(),
  sqlNow: (start = 'transaction') => sql<Date>`${startFunctions[start]}`,
  sqlNowText: () => ({ text: 'now()', parameters: [] }),
  onAdvance: () => () => {},
};

/**
 * The system clock moved forward by `advance(ms)`, in JS and in SQL (`now()` plus the offset, a
 * parameter, so a prepared statement keeps one text): a test skips a lock or a lease instead of
 * waiting for it. Advancing tells the subscribers at once, so a sleeping worker re-checks what is due.
 */
export class ManualClock implements Clock {
  private offsetMs = 0;
  private readonly listeners = new Set<() => void>();

  now(): number {
    return Date.now() + this.offsetMs;
  }

  sqlNow(start: SqlStart = 'transaction'): RawBuilder<Date> {
    return sql<Date>`(${startFunctions[start]} + make_interval(secs => ${this.offsetMs / 1000}::float8))`;
  }

  sqlNowText(placeholder: string): { text: string; parameters: unknown[] } {
    return {
      text: `(now() + make_interval(secs => ${placeholder}::float8))`,
      parameters: [this.offsetMs / 1000],
    };
  }

  advance(ms: number): void {
    if (ms < 0) throw new Error('a clock only moves forward');
    this.offsetMs += ms;
    for (const listener of this.listeners) listener();
  }

  onAdvance(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

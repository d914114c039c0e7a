import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { asUnavailable, DatabaseUnavailableError } from './unavailable.js';

/**
 * The pool as Kysely sees it, made safe against a database that goes away:
 * - every connection, idle or checked out, has an 'error' listener, so a dropped socket never
 *   crashes the process (the failing query rejects instead);
 * - connection-level failures reach callers as DatabaseUnavailableError;
 * - a connection that failed that way (including a client-side query timeout, after which its
 *   protocol state is unknown) is destroyed on release instead of being handed out again.
 */
export function resilientPool(pool: pg.Pool): PostgresPool {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return {
    connect: async () => {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw asUnavailable(error);
      }
      let broken = false;
      const query = (...args: unknown[]): unknown => {
        const result = (client.query as (...a: unknown[]) => unknown)(...args);
        if (!(result instanceof Promise)) return result;
        return result.catch((error: unknown) => {
          const mapped = asUnavailable(error);
          if (mapped instanceof DatabaseUnavailableError) broken = true;
          throw mapped;
        });
      };
      return {
        query: query as PostgresPoolClient['query'],
        release: () => client.release(broken || undefined),
      };
    },
    end: () => pool.end(),
  };
}

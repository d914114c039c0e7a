import type { Db } from '../storage/database.js';
import { shortCache } from '../storage/short-cache.js';

export interface ResourceByIndicator {
  id: string;
  indicator: string;
  accessTokenTtl: number;
}

async function findResourceByIndicator(db: Db, indicator: string): Promise<ResourceByIndicator | undefined> {
  const row = await db
    .selectFrom('resources')
    .select(['id', 'indicator', 'access_token_ttl'])
    .where('indicator', '=', indicator)
    .executeTakeFirst();
  return row && { id: row.id, indicator: row.indicator, accessTokenTtl: row.access_token_ttl };
}

/**
 * An API resource by its indicator, read on every token request that names one (client
 * credentials, code exchange, refresh, token exchange); kept a second like client metadata.
 * Resource writes through this instance clear it (`forgetResources(db)`).
 */
export const resourceByIndicator = shortCache(findResourceByIndicator);

async function findDefaultResourceIndicator(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('resources')
    .select('indicator')
    .where('is_default', '=', true)
    .executeTakeFirst();
  return row?.indicator;
}

/** The default resource's indicator (one key, ''), read on authorization and token requests. */
export const defaultResourceIndicator = shortCache((db) => findDefaultResourceIndicator(db));

/** After a resource write through this instance: both lookups are read again. */
export function forgetResources(db: Db): void {
  resourceByIndicator.clear(db);
  defaultResourceIndicator.clear(db);
}

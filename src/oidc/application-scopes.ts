import { applicationScopeNames } from '../management/access.repository.js';
import type { Db } from '../storage/database.js';
import { shortCache } from '../storage/short-cache.js';

const separator = '\u0000';

const cached = shortCache(async (db, key) => {
  const [applicationId, resourceId] = key.split(separator) as [string, string];
  return applicationScopeNames(db, applicationId, resourceId);
});

/**
 * The scopes a machine-to-machine application holds on a resource through its roles, read on
 * every client_credentials token; kept a second like the client and the resource (see
 * shortCache), so a role change through another instance is seen here within that second.
 * Management writes through this instance forget them at once (`forgetApplicationScopes`).
 */
export async function cachedApplicationScopeNames(
  db: Db,
  applicationId: string,
  resourceId: string,
): Promise<string[]> {
  return (await cached(db, `${applicationId}${separator}${resourceId}`)) ?? [];
}

export function forgetApplicationScopes(db: Db): void {
  cached.clear(db);
}

import type { Db } from '../storage/database.js';
import { shortCache } from '../storage/short-cache.js';
import type { ConnectorType } from '../storage/tables/connectors.js';
import { findConnector, findConnectorOfType, type ConnectorRow } from './connectors.repository.js';

// A miss is cached too (as null): with no connector configured, each send would otherwise query.
const ofType = shortCache<{ row: ConnectorRow | null }>(async (db, type) => ({
  row: (await findConnectorOfType(db, type as ConnectorType)) ?? null,
}));
const byId = shortCache<ConnectorRow>((db, id) => findConnector(db, id));

/** The e-mail or SMS connector in use, read at send time (cached a second per instance). */
export async function connectorInUse(db: Db, type: 'Email' | 'Sms'): Promise<ConnectorRow | undefined> {
  return (await ofType(db, type))?.row ?? undefined;
}

export const cachedConnector = byId;

/** After any connector write on this instance; other instances see it within the cache's second. */
export function forgetConnectors(db: Db): void {
  ofType.clear(db);
  byId.clear(db);
}

import { cachedConnector } from '../connectors/connector-lookup.js';
import { apiError } from '../http/error-registry.js';
import type { Db } from '../storage/database.js';
import type { FederatedConnector } from './federated-verification.js';

export const connectorNotFound = (id: string) =>
  apiError('entity.not_exists_with_id', { entity: 'connector', id });

/** A social connector by id (cached a second like the other connector lookups). */
export async function socialConnector(db: Db, id: string): Promise<FederatedConnector> {
  const row = await cachedConnector(db, id);
  if (!row || row.type !== 'Social' || !row.target) throw connectorNotFound(id);
  return {
    type: 'Social',
    id: row.id,
    namespace: row.target,
    upstream: {
      key: `connector:${row.id}:${row.updated_at.getTime()}`,
      factory: row.connector_id === 'oauth2' ? 'oauth2' : 'oidc',
      config: row.config,
    },
  };
}

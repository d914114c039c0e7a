import { apiError } from '../http/error-registry.js';
import { oidcConfig } from '../connectors/config-schemas.js';
import type { Db } from '../storage/database.js';
import { shortCache } from '../storage/short-cache.js';
import type { FederatedConnector } from './federated-verification.js';
import { findSsoConnector } from '../sso/sso-connectors.repository.js';
import { trustWithinDomains } from './sso-email-trust.js';

const cached = shortCache((db, id) => findSsoConnector(db, id));
export const forgetSsoConnectors = (db: Db) => cached.clear(db);

/** An enterprise SSO connector (OIDC) by id, as the verification steps use it. */
export async function ssoConnector(db: Db, id: string): Promise<FederatedConnector> {
  const row = await cached(db, id);
  const config = row && oidcConfig.safeParse(row.config);
  if (!row || !config?.success) {
    throw apiError('entity.not_exists_with_id', { entity: 'SSO connector', id });
  }
  return {
    type: 'EnterpriseSso',
    id: row.id,
    // Identities are keyed by the issuer, as an issuer's subject ids are unique only within it.
    namespace: config.data.issuer,
    upstream: { key: `sso:${row.id}:${row.updated_at.getTime()}`, factory: 'oidc', config: row.config },
    trust: (identity) => trustWithinDomains(identity, row.domains),
  };
}

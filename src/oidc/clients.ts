import type Provider from 'oidc-provider';
import type { Client, ClientMetadata } from 'oidc-provider';
import type { Db } from '../storage/database.js';
import { shortCache } from '../storage/short-cache.js';
import type { ApplicationType } from '../storage/tables/core.js';
import { exchangeApplication } from '../impersonation/exchange-steps.js';
import { SECRETS_METADATA, standInSecret, type ClientSecrets } from './client-secrets.js';
import { thirdPartyClientScope } from './third-party-scopes.js';

export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';

const publicTypes = new Set<ApplicationType>(['SPA', 'Native']);

/**
 * The oidc-provider client of an application, or undefined when no such application exists.
 * Every token request reads it, so it is kept a second (see shortCache); writes through this
 * instance drop it at once with `forgetApplicationCaches`.
 */
export const findClientMetadata = shortCache(loadClientMetadata);

/** Token requests cache an application for a second; a write through this instance drops it now. */
export function forgetApplicationCaches(db: Db, id: string): void {
  findClientMetadata.forget(db, id);
  exchangeApplication.forget(db, id);
}

/**
 * oidc-provider finds a client read from the adapter by hashing its metadata's JSON on every
 * request (a tenth of the provider's own work on a client_credentials token). The metadata is one
 * object for as long as findClientMetadata keeps it, so the client built from it is kept with it:
 * a change, or the second's end, yields a new object and the provider's own lookup again.
 */
export function keepClientsWithMetadata(provider: Provider, db: Db): void {
  const Client = provider.Client;
  const find = Client.find.bind(Client);
  const built = new WeakMap<ClientMetadata, Client>();
  Client.find = async (id: string) => {
    const metadata = typeof id === 'string' && id !== '' ? await findClientMetadata(db, id) : undefined;
    if (!metadata) return find(id);
    const known = built.get(metadata);
    if (known) return known;
    const client = await find(id);
    if (client) built.set(metadata, client);
    return client;
  };
}

async function loadClientMetadata(db: Db, clientId: string): Promise<ClientMetadata | undefined> {
  const app = await db
    .selectFrom('applications')
    .select([
      'id',
      'name',
      'type',
      'secret',
      'is_third_party',
      'oidc_client_metadata',
      'custom_client_metadata',
    ])
    .where('id', '=', clientId)
    .executeTakeFirst();
  if (!app) return undefined;
  const named = await db
    .selectFrom('application_secrets')
    .select(['digest', 'expires_at'])
    .where('application_id', '=', clientId)
    .orderBy('name')
    .execute();
  const secrets: ClientSecrets = {
    legacy: app.secret !== null,
    named: named.map((row) => ({ digest: row.digest, expiresAt: row.expires_at?.getTime() ?? null })),
  };

  const isPublic = publicTypes.has(app.type);
  const scope = app.is_third_party ? await thirdPartyClientScope(db, app.id) : undefined;
  // oidc-provider refuses a code-flow client without redirect URIs; such an app may still exchange tokens.
  const interactive = app.type !== 'MachineToMachine' && app.oidc_client_metadata.redirectUris.length > 0;
  const grantTypes = interactive ? ['authorization_code', 'refresh_token'] : [];
  if (app.type === 'MachineToMachine') grantTypes.push('client_credentials');
  grantTypes.push(TOKEN_EXCHANGE_GRANT);

  return {
    client_id: app.id,
    ...(isPublic ? {} : { client_secret: app.secret ?? standInSecret(app.id), [SECRETS_METADATA]: secrets }),
    // What the hosted pages call the application (the sign-out prompt): its name, as in the console.
    client_name: app.name,
    application_type: app.type === 'Native' ? 'native' : 'web',
    grant_types: grantTypes,
    response_types: interactive ? ['code'] : [],
    redirect_uris: interactive ? app.oidc_client_metadata.redirectUris : [],
    post_logout_redirect_uris: interactive ? app.oidc_client_metadata.postLogoutRedirectUris : [],
    token_endpoint_auth_method: isPublic ? 'none' : 'client_secret_basic',
    // Also the marker resourceServerInfo reads: only a third-party client with a consent list has one.
    ...(scope ? { scope } : {}),
    // id_token_signed_response_alg: the provider's default, the newest signing key's algorithm.
  };
}

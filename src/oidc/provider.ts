import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config.js';
import type { Db } from '../storage/database.js';
import { systemSecret } from '../storage/system-secrets.js';
import { createExtraTokenClaims } from '../impersonation/token-claims.js';
import { CUSTOM_DATA_SCOPE, findAccount, IDENTITIES_SCOPE, ROLES_SCOPE } from './accounts.js';
import { AUTHORIZATION_EXTRA_PARAMS } from './authorization-params.js';
import { acceptNamedSecrets, SECRETS_METADATA } from './client-secrets.js';
import { keepClientsWithMetadata } from './clients.js';
import { createAdapterFactory } from './adapter.js';
import type { Deliveries } from '../webhooks/deliveries.js';
import { enforceGrantLimitOnAuthorization } from './grants.limit.js';
import { logtoErrorCodes } from './error-codes.js';
import { answerOutages } from './outage-answer.js';
import {
  ORGANIZATION_ROLES_SCOPE,
  ORGANIZATIONS_SCOPE,
  registerOrganizationTokens,
  withOrganizationClaim,
} from './organization-tokens.js';
import { defaultResourceHooks } from './default-resource.js';
import { resourceServerInfo } from './resource-servers.js';
import { SIGNING_ALGS, signingKeyFirst, type SigningKey } from './signing-keys.js';
import { DEFAULT_ACCESS_TOKEN_TTL, ID_TOKEN_TTL } from './token-lifetimes.js';
import { renderErrorPage, signedOutPage, signOutPage } from './provider-pages.js';

/** The OpenID Connect scopes (as opposed to API resource scopes); the Experience API consents to these. */
export const OIDC_SCOPES: readonly string[] = [
  'openid',
  'offline_access',
  'profile',
  'email',
  'phone',
  CUSTOM_DATA_SCOPE,
  IDENTITIES_SCOPE,
  ROLES_SCOPE,
  ORGANIZATIONS_SCOPE,
  ORGANIZATION_ROLES_SCOPE,
];

export interface ProviderOptions {
  config: Config;
  db: Db;
  /** Where the grant limit's `Grant.LimitExceeded` events are handed over. */
  deliveries: Deliveries;
  /** The published signing keys, newest first, pending ones included. */
  keys: SigningKey[];
  /**
   * Called with every provider built, before it serves, so features can register grants and
   * listeners: a new provider replaces the old one when the signing keys change (see app.ts).
   */
  extend?: (provider: Provider) => void;
}

export async function createProvider({
  config,
  db,
  deliveries,
  keys,
  extend,
}: ProviderOptions): Promise<Provider> {
  const cookieKey = await systemSecret(db, 'oidc-cookie-key');
  // BASE_URL's own path (none by default): the hosted pages live under it.
  const basePath = new URL(config.baseUrl).pathname.replace(/\/+$/, '');

  const configuration: Configuration = {
    adapter: createAdapterFactory(db),
    findAccount: (ctx, sub) => findAccount(db, sub, ctx.oidc?.client?.clientId),
    // Custom JWT claims (operator scripts) on JWT access tokens; see src/impersonation.
    extraTokenClaims: withOrganizationClaim(createExtraTokenClaims({ config, db })),
    // oidc-provider signs with the first key of an algorithm: the signing key goes first, and the
    // pending and older keys are only published. Discovery lists the algorithms of the published
    // keys; ID tokens and JWT access tokens (whose resource servers name no algorithm) are signed
    // with the signing key's.
    jwks: { keys: signingKeyFirst(keys).map((key) => key.privateJwk) as never },
    enabledJWA: { idTokenSigningAlgValues: SIGNING_ALGS, requestObjectSigningAlgValues: ['ES256'] },
    clientDefaults: { id_token_signed_response_alg: signingKeyFirst(keys)[0]!.alg },
    cookies: {
      keys: [cookieKey],
      // The Experience API under /api reads the interaction cookie, so it must not be path-scoped.
      short: { path: '/', httpOnly: true, sameSite: 'lax' },
      long: { httpOnly: true, sameSite: 'lax' },
    },
    claims: {
      // amr: how the user authenticated this session (RFC 8176), e.g. ['pwd'].
      openid: ['sub', 'amr'],
      profile: ['name', 'username', 'picture', 'updated_at'],
      email: ['email', 'email_verified'],
      phone: ['phone_number', 'phone_number_verified'],
      // Logto's: custom data and identities at the user info endpoint only (accounts.ts).
      [CUSTOM_DATA_SCOPE]: ['custom_data'],
      [IDENTITIES_SCOPE]: ['identities', 'sso_identities'],
      [ROLES_SCOPE]: ['roles'],
      [ORGANIZATIONS_SCOPE]: ['organizations', 'organization_data'],
      [ORGANIZATION_ROLES_SCOPE]: ['organization_roles'],
    },
    // As Logto: the ID token carries the claims of its scopes even when the access token can read
    // them at the user info endpoint (Logto's SDKs read profile and organizations from it).
    conformIdTokenClaims: false,
    scopes: [...OIDC_SCOPES],
    // What Logto's SDKs add to the authorization request for the sign-in pages.
    extraParams: [...AUTHORIZATION_EXTRA_PARAMS],
    responseTypes: ['code', 'none'],
    // What applications can register: a secret (HTTP Basic or in the body) or none (public
    // clients). JWT client assertions (client_secret_jwt, private_key_jwt) are not offered, so
    // discovery does not advertise them.
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'none'],
    pkce: { required: () => true },
    extraClientMetadata: { properties: [SECRETS_METADATA] },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      introspection: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: signOutPage,
        postLogoutSuccessSource: signedOutPage,
      },
      resourceIndicators: {
        enabled: true,
        // As Logto: a code exchange or refresh without `resource` gives the access token for the
        // user info endpoint (what Logto's SDKs use it for), unless a default resource is set.
        ...defaultResourceHooks(db),
        getResourceServerInfo: (ctx, indicator, client) => resourceServerInfo(db, ctx, indicator, client),
      },
    },
    // Relative, as Logto answers it (its clients check `startsWith('/sign-in')`); the cookie
    // oidc-provider sets for the interaction takes its path from this URL resolved at the issuer.
    interactions: {
      url: (_ctx, interaction) => `${basePath}/sign-in?uid=${interaction.uid}`,
    },
    // Refresh tokens for every interactive client that may refresh, not only with offline_access.
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has('openid'),
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? DEFAULT_ACCESS_TOKEN_TTL,
      ClientCredentials: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? DEFAULT_ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: ID_TOKEN_TTL,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
    renderError: renderErrorPage,
  };

  const provider = new Provider(config.issuer, configuration);
  provider.proxy = config.trustProxy;
  enforceGrantLimitOnAuthorization(provider, { db, deliveries });
  acceptNamedSecrets(provider);
  keepClientsWithMetadata(provider, db);
  registerOrganizationTokens(provider, db);
  logtoErrorCodes(provider);
  // Inside the codes' middleware, so that the 503's body gets Logto's `code` too.
  answerOutages(provider);
  extend?.(provider);
  return provider;
}

export { errors as oidcErrors };

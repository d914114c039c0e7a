import * as client from 'openid-client';
import type { Config } from '../config.js';
import { oauth2Config, oidcConfig, type OAuth2Config } from '../connectors/config-schemas.js';
import { guardedFetch } from '../connectors/guarded-fetch.js';
import { outboundPolicy } from '../connectors/message-connectors.js';

/** An upstream identity provider as the social and SSO steps use it. */
export type Upstream =
  | { kind: 'oidc'; configuration: client.Configuration; scope: string; extraParams: Record<string, string> }
  | {
      kind: 'oauth2';
      configuration: client.Configuration;
      scope: string;
      profileMap: OAuth2Config['profileMap'];
      userInfoEndpoint: string;
    };

export interface UpstreamSource {
  /** Cache key: a changed connector (its `updated_at`) is discovered again. */
  key: string;
  factory: 'oidc' | 'oauth2';
  config: Record<string, unknown>;
}

// Discovery documents and keys change rarely; a connector's upstream is kept ten minutes.
const ttlMs = 10 * 60_000;
const cache = new Map<string, { until: number; upstream: Promise<Upstream> }>();

export function upstreamOf(config: Config, source: UpstreamSource): Promise<Upstream> {
  const now = Date.now();
  const hit = cache.get(source.key);
  if (hit && hit.until > now) return hit.upstream;
  for (const [key, entry] of cache) if (entry.until <= now) cache.delete(key);
  const upstream = build(config, source);
  cache.set(source.key, { until: now + ttlMs, upstream });
  upstream.catch(() => cache.delete(source.key));
  return upstream;
}

/**
 * Outbound calls go through the SSRF guard; plain http is accepted only where private networks
 * are (development and tests); ID token signatures are always checked against the JWKS.
 */
async function build(config: Config, source: UpstreamSource): Promise<Upstream> {
  const policy = outboundPolicy(config);
  const fetch = guardedFetch(policy) as client.CustomFetch;
  const execute = policy.allowPrivateNetworks ? [client.allowInsecureRequests] : [];
  if (source.factory === 'oidc') {
    const settings = oidcConfig.parse(source.config);
    const configuration = await client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      settings.clientSecret ? client.ClientSecretPost(settings.clientSecret) : client.None(),
      {
        [client.customFetch]: fetch,
        execute: [...execute, client.enableNonRepudiationChecks],
        timeout: Math.ceil(policy.timeoutMs / 1000),
      },
    );
    return {
      kind: 'oidc',
      configuration,
      scope: withOpenId(settings.scope),
      extraParams: settings.authRequestOptionalConfig ?? {},
    };
  }
  const settings = oauth2Config.parse(source.config);
  const configuration = new client.Configuration(
    {
      issuer: new URL(settings.authorizationEndpoint).origin,
      authorization_endpoint: settings.authorizationEndpoint,
      token_endpoint: settings.tokenEndpoint,
    },
    settings.clientId,
    settings.clientSecret,
    !settings.clientSecret
      ? client.None()
      : settings.tokenEndpointAuthMethod === 'client_secret_basic'
        ? client.ClientSecretBasic(settings.clientSecret)
        : client.ClientSecretPost(settings.clientSecret),
  );
  configuration[client.customFetch] = fetch;
  configuration.timeout = Math.ceil(policy.timeoutMs / 1000);
  for (const step of execute) step(configuration);
  return {
    kind: 'oauth2',
    configuration,
    scope: settings.scope ?? '',
    profileMap: settings.profileMap,
    userInfoEndpoint: settings.userInfoEndpoint,
  };
}

function withOpenId(scope: string | undefined): string {
  const scopes = new Set((scope ?? 'openid profile email').split(/\s+/).filter(Boolean));
  scopes.add('openid');
  return [...scopes].join(' ');
}

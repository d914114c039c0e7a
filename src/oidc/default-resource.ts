import type { Client, KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../storage/database.js';
import { defaultResourceIndicator } from './resource-lookup.js';

/**
 * Logto's default API resource, as oidc-provider's `resourceIndicators` hooks.
 *
 * An authorization request naming no `resource` is given the default one, so the consent grants
 * the requested scopes the user holds there and a later refresh naming the default gets them. A
 * code exchange or refresh naming no `resource` keeps getting the opaque user info token, as in
 * Logto (`useGrantedResource` is off there too): Logto's SDKs call the user info endpoint with
 * that token, so a JWT for the default resource would break `fetchUserInfo`. Client credentials
 * keep requiring `resource`: the default is about users' tokens.
 */
export function defaultResourceHooks(db: Db) {
  return {
    defaultResource: async (ctx: KoaContextWithOIDC, _client: Client, oneOf?: readonly string[]) => {
      // Several resources named in the request itself stay an error.
      if (oneOf) return oneOf;
      if (ctx.oidc.params?.grant_type === 'client_credentials') return undefined;
      return (await defaultResourceIndicator(db, '')) ?? undefined;
    },
    useGrantedResource: () => false,
  };
}

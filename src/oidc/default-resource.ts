import type { Client, KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../storage/database.js';
import { defaultResourceIndicator } from './resource-lookup.js';

type GrantedModel = { resource?: string | string[] };

/**
 * Logto's default API resource, as oidc-provider's `resourceIndicators` hooks.
 *
 * An authorization request naming no `resource` is given the default one, so the consent grants
 * the requested scopes the user holds there. A code exchange or refresh naming no `resource` then
 * gets a JWT for the default resource when it is among the granted ones; with no default (or one
 * set after the sign-in) it gets the opaque user info token, as before. Client credentials keep
 * requiring `resource`: the default is about users' tokens.
 */
export function defaultResourceHooks(db: Db) {
  return {
    defaultResource: async (ctx: KoaContextWithOIDC, _client: Client, oneOf?: readonly string[]) => {
      if (oneOf) {
        // Called with the granted resources only after `useGrantedResource` chose the default;
        // several named in the request itself stay an error.
        if (ctx.oidc.params?.resource !== undefined) return oneOf;
        const indicator = await defaultResourceIndicator(db, '');
        return indicator && oneOf.includes(indicator) ? indicator : oneOf;
      }
      if (ctx.oidc.params?.grant_type === 'client_credentials') return undefined;
      return (await defaultResourceIndicator(db, '')) ?? undefined;
    },
    useGrantedResource: async (ctx: KoaContextWithOIDC, model: GrantedModel) => {
      if (ctx.oidc.params?.resource !== undefined || !model.resource) return false;
      const indicator = await defaultResourceIndicator(db, '');
      if (!indicator) return false;
      const granted = Array.isArray(model.resource) ? model.resource : [model.resource];
      return granted.includes(indicator);
    },
  };
}

// oidc-provider keeps its registered grant handlers in an internal cache with no public reader;
// organization tokens (organization-tokens.ts) wrap the refresh_token handler found there.
declare module 'oidc-provider/lib/helpers/weak_cache.js' {
  import type { KoaContextWithOIDC } from 'oidc-provider';

  export default function instance(provider: object): {
    grantTypeHandlers: Map<string, (ctx: KoaContextWithOIDC) => Promise<void>>;
  };
}

import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { TOKEN_EXCHANGE_GRANT } from '../oidc/clients.js';
import type { Metrics } from './metrics.js';

/** Counts the token endpoint's outcomes from oidc-provider's events. */
export function countTokenEndpoint(provider: Provider, metrics: Metrics): void {
  provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
    const grantType = String(ctx.oidc.params?.grant_type ?? 'unknown');
    metrics.tokensIssued.inc({ grant_type: grantType });
    if (grantType === TOKEN_EXCHANGE_GRANT) metrics.tokenExchanges.inc({ result: 'success', reason: '' });
  });
  provider.on('grant.error', (ctx: KoaContextWithOIDC, error: { error?: unknown }) => {
    if (ctx.oidc?.params?.grant_type !== TOKEN_EXCHANGE_GRANT) return;
    // The RFC 6749 error code: a short fixed list, so the label stays bounded.
    const reason = typeof error.error === 'string' ? error.error : 'server_error';
    metrics.tokenExchanges.inc({ result: 'refused', reason });
  });
}

import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { asUnavailable, DatabaseUnavailableError } from '../storage/unavailable.js';
import { renderErrorPage } from './provider-pages.js';

const retryAfterSeconds = '5';
const temporarilyUnavailable = {
  error: 'temporarily_unavailable',
  error_description: 'The service cannot reach its database just now; try again shortly.',
};

const unavailableSeen = new WeakSet<object>();

/**
 * A database outage at /oidc answers as the rest of the service does: 503 with `Retry-After`, and
 * RFC 6749's `temporarily_unavailable` (JSON at the token, userinfo, introspection and revocation
 * endpoints; the hosted error page for a browser step) instead of oidc-provider's 500
 * `server_error`. The provider reports the error it masked through its `server_error` event; an
 * error thrown past its own handler (a middleware of ours) is caught here.
 */
export function answerOutages(provider: Provider): void {
  provider.on('server_error', (ctx: KoaContextWithOIDC, error: unknown) => {
    if (asUnavailable(error) instanceof DatabaseUnavailableError) unavailableSeen.add(ctx);
  });
  provider.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (!(asUnavailable(error) instanceof DatabaseUnavailableError)) throw error;
      unavailableSeen.add(ctx);
    }
    if (!unavailableSeen.has(ctx)) return;
    ctx.status = 503;
    ctx.set('retry-after', retryAfterSeconds);
    if (ctx.accepts('json', 'html') === 'html')
      await renderErrorPage(ctx as KoaContextWithOIDC, temporarilyUnavailable);
    else ctx.body = { ...temporarilyUnavailable };
  });
}

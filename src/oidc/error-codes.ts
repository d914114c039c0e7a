import type Provider from 'oidc-provider';
import { codeOf } from '../http/error-registry.js';

interface OAuthErrorBody {
  error: string;
  error_description?: string;
}

function isOAuthErrorBody(body: unknown): body is OAuthErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as OAuthErrorBody).error === 'string';
}

/**
 * Logto's error members on every JSON error of the OIDC endpoints, next to OAuth's own `error` and
 * `error_description`: `code` (`oidc.<error>`, or `session.not_found`) and `message`. Logto's SDKs
 * read `code` to raise their request errors (`LogtoRequestError`).
 */
export function logtoErrorCodes(provider: Provider): void {
  provider.use(async (ctx, next) => {
    await next();
    const { body } = ctx;
    if (ctx.status < 400 || !isOAuthErrorBody(body)) return;
    const description = body.error_description ?? '';
    const sessionNotFound =
      (description.includes('session') && description.includes('not found')) ||
      description.includes('authorization request has expired');
    ctx.body = {
      code: sessionNotFound ? codeOf('session.not_found') : `oidc.${body.error}`,
      message: description || body.error,
      ...body,
    };
  });
}

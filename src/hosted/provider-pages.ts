import type { KoaContextWithOIDC } from 'oidc-provider';
import { HOSTED_HEADERS, hostedHtml, NOT_BUILT } from './hosted-page.js';

async function render(ctx: KoaContextWithOIDC, meta: Record<string, string>) {
  for (const [name, value] of Object.entries(HOSTED_HEADERS)) ctx.set(name, value);
  const html = await hostedHtml(meta);
  ctx.type = html ? 'html' : 'text';
  ctx.body = html ?? NOT_BUILT;
}

/**
 * oidc-provider's error page (a wrong redirect_uri, an expired interaction): the hosted error
 * page, with the RFC 6749 error code and description, never raw JSON. The status stays the
 * provider's.
 */
export async function renderErrorPage(
  ctx: KoaContextWithOIDC,
  out: { error: string; error_description?: string },
) {
  await render(ctx, {
    page: 'error',
    error: out.error,
    ...(out.error_description ? { 'error-description': out.error_description } : {}),
  });
}

/** RP-initiated logout's confirmation: the hosted sign-out page posts the provider's form. */
export async function signOutPage(ctx: KoaContextWithOIDC, form: string) {
  const action = /action="([^"]+)"/.exec(form)?.[1] ?? '';
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(form)?.[1] ?? '';
  await render(ctx, {
    page: 'sign-out',
    action,
    xsrf,
    ...(ctx.oidc.client?.clientName ? { application: ctx.oidc.client.clientName } : {}),
  });
}

export async function signedOutPage(ctx: KoaContextWithOIDC) {
  await render(ctx, { page: 'signed-out' });
}

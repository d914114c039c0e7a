import type { KoaContextWithOIDC } from 'oidc-provider';
import { allowFormTargets } from '../http/web-root.js';
import { HOSTED_CSP, HOSTED_HEADERS, hostedHtml, NOT_BUILT, uiLocalesMeta } from '../http/hosted-page.js';

/** Renders a hosted page whose form's submission may be redirected on to `formTargets`. */
async function render(ctx: KoaContextWithOIDC, meta: Record<string, string>, formTargets: string[] = []) {
  for (const [name, value] of Object.entries(HOSTED_HEADERS)) ctx.set(name, value);
  ctx.set('content-security-policy', allowFormTargets(HOSTED_CSP, formTargets));
  const html = await hostedHtml({ ...uiLocalesMeta(ctx.oidc?.params?.ui_locales), ...meta });
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

/**
 * RP-initiated logout's confirmation: the hosted sign-out page posts the provider's form. Either
 * answer is redirected to the client's post-logout URI, on another origin, so this page's
 * `form-action` also allows that URI's origin; the provider has checked it is registered for the
 * client named by `id_token_hint` or `client_id` (without a client it drops the URI).
 */
export async function signOutPage(ctx: KoaContextWithOIDC, form: string) {
  const action = /action="([^"]+)"/.exec(form)?.[1] ?? '';
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(form)?.[1] ?? '';
  const postLogoutRedirectUri = ctx.oidc.params?.post_logout_redirect_uri;
  await render(
    ctx,
    {
      page: 'sign-out',
      action,
      xsrf,
      ...(ctx.oidc.client?.clientName ? { application: ctx.oidc.client.clientName } : {}),
    },
    typeof postLogoutRedirectUri === 'string' ? [postLogoutRedirectUri] : [],
  );
}

export async function signedOutPage(ctx: KoaContextWithOIDC) {
  await render(ctx, { page: 'signed-out' });
}

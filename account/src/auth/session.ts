import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { AccountConfig } from './config';

/** Kept in sessionStorage between the sign-out redirect and the page it returns to. */
export const SIGNED_OUT_FLAG = 'tessera-account-signed-out';

/**
 * The account center signs in as any integrator's page would: authorization code + PKCE for the
 * seeded public client, without a resource, so the access token is the one the Account API takes.
 */
export function createUserManager(config: AccountConfig): UserManager {
  return new UserManager({
    authority: config.issuer,
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    post_logout_redirect_uri: config.postLogoutRedirectUri,
    response_type: 'code',
    scope: 'openid profile offline_access',
    loadUserInfo: false,
    automaticSilentRenew: true,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
  });
}

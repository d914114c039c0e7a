import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';

export interface ConsoleConfig {
  issuer: string;
  clientId: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  managementApi: string;
  setupNeeded: boolean;
}

/** Kept in sessionStorage between the sign-out redirect and the page it returns to. */
export const SIGNED_OUT_FLAG = 'tessera-console-signed-out';

/**
 * The console signs in through Tessera's own OIDC provider: authorization code + PKCE for the
 * seeded public client, an access token for the management API with scope `all`, refreshed with
 * the refresh token before it expires.
 */
export function createUserManager(config: ConsoleConfig): UserManager {
  return new UserManager({
    authority: config.issuer,
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    post_logout_redirect_uri: config.postLogoutRedirectUri,
    response_type: 'code',
    scope: 'openid profile offline_access all',
    resource: config.managementApi,
    loadUserInfo: false,
    automaticSilentRenew: true,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
  });
}

export function displayName(user: User): string {
  const profile = user.profile as { username?: string; name?: string };
  return profile.username ?? profile.name ?? user.profile.sub;
}

import {
  UserManager,
  WebStorageStateStore,
  type SigninSilentArgs,
  type User,
  type UserManagerSettings,
} from 'oidc-client-ts';

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
 * Every token request names the management API: without `resource`, the code exchange and a
 * refresh give the token for the user info endpoint instead (as Logto's do). The automatic renewal
 * calls `signinSilent()` with no arguments, so the resource is its default.
 */
class ConsoleUserManager extends UserManager {
  constructor(
    settings: UserManagerSettings,
    private readonly managementApi: string,
  ) {
    super(settings);
  }

  override signinSilent(args: SigninSilentArgs = {}): Promise<User | null> {
    return super.signinSilent({ resource: this.managementApi, ...args });
  }
}

/**
 * The console signs in through Tessera's own OIDC provider: authorization code + PKCE for the
 * seeded public client, an access token for the management API with scope `all`, refreshed with
 * the refresh token before it expires.
 */
export function createUserManager(config: ConsoleConfig): UserManager {
  const settings: UserManagerSettings = {
    authority: config.issuer,
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    post_logout_redirect_uri: config.postLogoutRedirectUri,
    response_type: 'code',
    scope: 'openid profile offline_access all',
    resource: config.managementApi,
    extraTokenParams: { resource: config.managementApi },
    loadUserInfo: false,
    automaticSilentRenew: true,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
  };
  return new ConsoleUserManager(settings, config.managementApi);
}

export function displayName(user: User): string {
  const profile = user.profile as { username?: string; name?: string };
  return profile.username ?? profile.name ?? user.profile.sub;
}

import type { User, UserManager } from 'oidc-client-ts';
import { useEffect, useMemo, useState } from 'react';
import type { AccountConfig } from './config';
import { createUserManager, SIGNED_OUT_FLAG } from './session';

export type SessionState =
  { kind: 'loading' } | { kind: 'signed-out' } | { kind: 'ended' } | { kind: 'signed-in'; user: User };

const callbackPath = '/account/callback';

/**
 * The page's sign-in: back from the provider it redeems the code; with a live user it goes on;
 * with none it sends the browser to sign in, unless the user has just signed out here.
 */
export function useAccountSession(config: AccountConfig) {
  const manager = useMemo(() => createUserManager(config), [config]);
  const [state, setState] = useState<SessionState>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    const set = (next: SessionState) => {
      if (live) setState(next);
    };
    const onLoaded = (user: User) => set({ kind: 'signed-in', user });
    const onEnded = () => set({ kind: 'ended' });
    manager.events.addUserLoaded(onLoaded);
    manager.events.addSilentRenewError(onEnded);
    void (async () => {
      if (window.location.pathname === callbackPath) {
        const user = await manager.signinRedirectCallback();
        window.history.replaceState(null, '', '/account');
        return set({ kind: 'signed-in', user });
      }
      const user = await manager.getUser();
      if (user && !user.expired) return set({ kind: 'signed-in', user });
      const renewed = user?.refresh_token ? await manager.signinSilent().catch(() => null) : null;
      if (renewed) return set({ kind: 'signed-in', user: renewed });
      await manager.removeUser();
      if (sessionStorage.getItem(SIGNED_OUT_FLAG) === '1') return set({ kind: 'signed-out' });
      await manager.signinRedirect();
    })().catch(() => set({ kind: 'ended' }));
    return () => {
      live = false;
      manager.events.removeUserLoaded(onLoaded);
      manager.events.removeSilentRenewError(onEnded);
    };
  }, [manager]);

  return { state, manager, signIn, signOut };

  async function signIn() {
    sessionStorage.removeItem(SIGNED_OUT_FLAG);
    await manager.signinRedirect();
  }

  async function signOut() {
    sessionStorage.setItem(SIGNED_OUT_FLAG, '1');
    await manager.signoutRedirect();
  }
}

export type AccountSession = ReturnType<typeof useAccountSession>;
export type { UserManager };

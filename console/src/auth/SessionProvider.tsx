import { useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import type { User, UserManager } from 'oidc-client-ts';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { unwrap } from '@shared/api/client';
import { publicClient } from './public-client';
import { createUserManager, SIGNED_OUT_FLAG, type ConsoleConfig } from './session';

export type SessionState =
  | { kind: 'loading' }
  | { kind: 'setup' }
  | { kind: 'signed-out'; reason: 'new' | 'signed-out' }
  | { kind: 'ended' }
  | { kind: 'signed-in'; user: User };

interface Session {
  state: SessionState;
  config: ConsoleConfig | undefined;
  manager: UserManager | undefined;
  signIn(returnTo?: string): Promise<void>;
  signOut(): Promise<void>;
  ended(): void;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

const callbackPath = '/console/callback';

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const configQuery = useQuery({
    queryKey: ['console-config'],
    queryFn: () => unwrap(publicClient.GET('/api/console/config')),
    staleTime: Infinity,
  });
  const config = configQuery.data;
  const manager = useMemo(() => (config ? createUserManager(config) : undefined), [config]);
  const [state, setState] = useState<SessionState>({ kind: 'loading' });

  useEffect(() => {
    if (!config || !manager) return;
    let live = true;
    const set = (next: SessionState): void => {
      if (live) setState(next);
    };
    const onLoaded = (user: User) => set({ kind: 'signed-in', user });
    const onEnded = () => set({ kind: 'ended' });
    manager.events.addUserLoaded(onLoaded);
    manager.events.addSilentRenewError(onEnded);
    manager.events.addAccessTokenExpired(onEnded);
    void (async () => {
      if (window.location.pathname === callbackPath) {
        const user = await manager.signinRedirectCallback();
        const returnTo = (user.state as { returnTo?: string } | undefined)?.returnTo ?? '/console';
        window.history.replaceState(null, '', returnTo);
        return set({ kind: 'signed-in', user });
      }
      if (config.setupNeeded) return set({ kind: 'setup' });
      const user = await manager.getUser();
      if (user && !user.expired) return set({ kind: 'signed-in', user });
      if (user) {
        // Expired: renew with the refresh token; without one, or when refused, the session has ended.
        const renewed = user.refresh_token ? await manager.signinSilent().catch(() => null) : null;
        if (!renewed) await manager.removeUser();
        return set(renewed ? { kind: 'signed-in', user: renewed } : { kind: 'ended' });
      }
      const signedOut = sessionStorage.getItem(SIGNED_OUT_FLAG) === '1';
      sessionStorage.removeItem(SIGNED_OUT_FLAG);
      set({ kind: 'signed-out', reason: signedOut ? 'signed-out' : 'new' });
    })().catch(() => set({ kind: 'ended' }));
    return () => {
      live = false;
      manager.events.removeUserLoaded(onLoaded);
      manager.events.removeSilentRenewError(onEnded);
      manager.events.removeAccessTokenExpired(onEnded);
    };
  }, [config, manager]);

  const signIn = useCallback(
    async (returnTo?: string) => {
      await manager?.signinRedirect({
        // The hosted sign-in opens in the console's language (OIDC ui_locales, as Logto's SDKs send).
        ui_locales: i18next.language,
        state: { returnTo: returnTo ?? `${window.location.pathname}${window.location.search}` },
      });
    },
    [manager],
  );
  const signOut = useCallback(async () => {
    sessionStorage.setItem(SIGNED_OUT_FLAG, '1');
    queryClient.clear();
    await manager?.signoutRedirect();
  }, [manager, queryClient]);
  const ended = useCallback(() => {
    void manager?.removeUser();
    setState({ kind: 'ended' });
  }, [manager]);

  const value = useMemo(
    () => ({
      state: configQuery.error ? ({ kind: 'ended' } as const) : state,
      config,
      manager,
      signIn,
      signOut,
      ended,
    }),
    [state, config, manager, signIn, signOut, ended, configQuery.error],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

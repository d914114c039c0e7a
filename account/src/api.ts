import { createApiClient, type ApiClient } from '@shared/api/client';
import type { UserManager } from 'oidc-client-ts';
import { createContext, useContext } from 'react';

/** The generated client with the signed-in user's access token: the Account API's only credential. */
export function accountClient(manager: UserManager): ApiClient {
  return createApiClient(async () => (await manager.getUser())?.access_token);
}

export const ApiContext = createContext<ApiClient | null>(null);

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside ApiContext');
  return api;
}

import { createContext, useContext } from 'react';
import type { ApiClient } from '@shared/api/client';

export const ApiContext = createContext<ApiClient | null>(null);

/** The signed-in console's typed management API client. */
export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi outside the signed-in console');
  return client;
}

export const formatTime = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '—' : new Date(ms).toLocaleString();

/** Query keys by domain, so a write can invalidate exactly what it changed. */
export const keys = {
  applications: ['applications'] as const,
  users: ['users'] as const,
  roles: ['roles'] as const,
  resources: ['resources'] as const,
  hooks: ['hooks'] as const,
  logs: ['logs'] as const,
  organizations: ['organizations'] as const,
  connectors: ['connectors'] as const,
  ssoConnectors: ['sso-connectors'] as const,
};

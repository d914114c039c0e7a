import { useQuery } from '@tanstack/react-query';
import { unwrap } from '@shared/api/client';
import { api } from './api';

/** The sign-in experience, read once per page (main.tsx may read it before the first render). */
export const settingsQuery = {
  queryKey: ['sign-in-exp'],
  queryFn: () => unwrap(api.GET('/api/.well-known/sign-in-exp')),
  staleTime: Infinity,
};

export function useSettingsQuery() {
  return useQuery(settingsQuery);
}

export type Settings = NonNullable<ReturnType<typeof useSettingsQuery>['data']>;

export const useSettings = (): Settings | undefined => useSettingsQuery().data;

export function useInteraction() {
  return useQuery({
    queryKey: ['interaction'],
    queryFn: () => unwrap(api.GET('/api/experience/interaction')),
    retry: false,
    staleTime: Infinity,
  });
}

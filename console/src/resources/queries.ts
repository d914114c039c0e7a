import { useQuery } from '@tanstack/react-query';
import { unwrapPage } from '@shared/api/client';
import { keys, useApi } from '../ui/api';

/** Every API resource (the first hundred), to choose one from. */
export function useAllResources() {
  const api = useApi();
  return useQuery({
    queryKey: [...keys.resources, 'all'],
    queryFn: () => unwrapPage(api.GET('/api/resources', { params: { query: { page: 1, page_size: 100 } } })),
  });
}

export const resourceScopesKey = (resourceId: string) => [...keys.resources, resourceId, 'scopes'];

/** The scopes of one API resource; nothing is asked until a resource is chosen. */
export function useResourceScopes(resourceId: string) {
  const api = useApi();
  return useQuery({
    queryKey: resourceScopesKey(resourceId),
    enabled: Boolean(resourceId),
    queryFn: () =>
      unwrapPage(
        api.GET('/api/resources/{resourceId}/scopes', {
          params: { path: { resourceId }, query: { page: 1, page_size: 100 } },
        }),
      ),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A change to one list on a page (add a member, revoke an invitation, delete a scope): once it
 * succeeds, `then` runs (clear a form) and the list's queries are read again.
 */
export function useListChange<V>(
  listKey: readonly unknown[],
  change: (variables: V) => Promise<unknown>,
  then?: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => {
      then?.();
      return queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}

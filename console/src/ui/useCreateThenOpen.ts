import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';

/** Creating from a list page: create, refresh the list's queries, then open the new item's page. */
export function useCreateThenOpen<V, R extends { id: string }>({
  create,
  invalidate,
  to,
}: {
  create: (values: V) => Promise<R>;
  invalidate: readonly unknown[];
  to: (created: R) => string;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: create,
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: invalidate });
      navigate(to(created));
    },
  });
}

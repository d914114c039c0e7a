import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { useZodForm } from '@shared/ui/useZodForm';

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

/**
 * A list page's create form: its fields checked by `schema`, and what its FormPanel needs
 * (`panel`: submit, error, busy) to create the item and open its page.
 */
export function useCreateForm<S extends z.ZodType<FieldValues, FieldValues>, R extends { id: string }>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  then: Parameters<typeof useCreateThenOpen<z.output<S>, R>>[0],
) {
  const form = useZodForm(schema, defaultValues);
  const create = useCreateThenOpen(then);
  const panel = {
    onSubmit: form.handleSubmit((values) => create.mutate(values)),
    error: create.error,
    busy: create.isPending,
  };
  return { form, errors: form.formState.errors, panel };
}

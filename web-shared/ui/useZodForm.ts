import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type UseFormProps } from 'react-hook-form';
import { z } from 'zod';

/**
 * A react-hook-form form whose values a zod schema checks and converts (`z.coerce.number()` for a
 * number field): the submit handler gets the schema's output, each field its message.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver' | 'defaultValues'> = {},
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues,
    ...options,
  });
}

/** A text input whose empty value means "not given": trimmed, and `undefined` when empty. */
export const optionalText = z
  .string()
  .trim()
  .transform((text) => text || undefined);

/** One choice from a list ('' for none yet): the role to assign, the connector to add. */
export const oneChoice = z.object({ value: z.string() });

/** A one-time code as typed: surrounding spaces dropped, the service judges the rest. */
export const oneCode = z.object({ code: z.string().trim() });

import { z } from 'zod';
import { Field } from '@shared/ui/Field';
import { useZodForm } from '@shared/ui/useZodForm';
import { SettingsForm } from './SettingsForm';

const nameDescription = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  description: z.string(),
});

/** The settings form of entities that are a name and a description (roles, organizations, …). */
export function NameDescriptionForm({
  initial,
  onSave,
  mutation,
}: {
  initial: { name: string; description?: string | null };
  onSave: (value: { name: string; description: string }) => void;
  mutation: { isPending: boolean; isSuccess: boolean; error: unknown };
}) {
  const form = useZodForm(nameDescription, { name: initial.name, description: initial.description ?? '' });
  return (
    <SettingsForm label="Settings" onSubmit={form.handleSubmit(onSave)} save={mutation}>
      <div className="row">
        <Field label="Name" required error={form.formState.errors.name?.message} {...form.register('name')} />
        <Field label="Description" {...form.register('description')} />
      </div>
    </SettingsForm>
  );
}

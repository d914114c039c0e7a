import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@shared/api/client';
import { Check, Field, TextArea } from '@shared/ui/Field';
import { useZodForm } from '@shared/ui/useZodForm';
import { keys, useApi } from '../ui/api';
import { SettingsForm } from '../ui/SettingsForm';
import type { Application } from './application-types';

const lines = z.string().transform((text) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
);

const settingsForm = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  description: z
    .string()
    .trim()
    .transform((text) => text || null),
  redirectUris: lines,
  postLogoutRedirectUris: lines,
  isThirdParty: z.boolean(),
});

export function ApplicationSettings({ app }: { app: Application }) {
  const api = useApi();
  const interactive = app.type !== 'MachineToMachine';
  const queryClient = useQueryClient();
  const form = useZodForm(settingsForm, {
    name: app.name,
    description: app.description ?? '',
    redirectUris: app.oidcClientMetadata.redirectUris.join('\n'),
    postLogoutRedirectUris: app.oidcClientMetadata.postLogoutRedirectUris.join('\n'),
    isThirdParty: app.isThirdParty,
  });
  const save = useMutation({
    mutationFn: ({
      isThirdParty,
      redirectUris,
      postLogoutRedirectUris,
      ...rest
    }: z.output<typeof settingsForm>) =>
      unwrap(
        api.PATCH('/api/applications/{id}', {
          params: { path: { id: app.id } },
          body: {
            ...rest,
            ...(interactive ? { isThirdParty } : {}),
            oidcClientMetadata: { redirectUris, postLogoutRedirectUris },
          },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.applications }),
  });
  return (
    <SettingsForm
      label="Application settings"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      save={save}
    >
      <Field label="Name" required error={form.formState.errors.name?.message} {...form.register('name')} />
      <Field label="Description" {...form.register('description')} />
      {interactive ? (
        <>
          <TextArea label="Redirect URIs" hint="One per line." rows={3} {...form.register('redirectUris')} />
          <TextArea
            label="Post sign-out redirect URIs"
            hint="One per line."
            rows={2}
            {...form.register('postLogoutRedirectUris')}
          />
          <Check label="Third-party application" {...form.register('isThirdParty')} />
        </>
      ) : null}
    </SettingsForm>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Field } from '@shared/ui/Field';
import { RowForm } from '@shared/ui/RowForm';
import { useZodForm } from '@shared/ui/useZodForm';
import { useListChange } from '../ui/useListChange';
import { keys, useApi } from '../ui/api';
import { ConfirmButton } from '../ui/ConfirmButton';
import { SettingsForm } from '../ui/SettingsForm';
import { resourceScopesKey, useResourceScopes } from './queries';

const resourceSettings = z.object({
  name: z.string().trim().min(1, 'Enter an API name.'),
  accessTokenTtl: z.coerce.number().int().min(1),
});

const newScope = z.object({ name: z.string().trim().min(1, 'Enter a scope name.'), description: z.string() });

export function ResourcePage() {
  const { id = '' } = useParams();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const resource = useQuery({
    queryKey: [...keys.resources, id],
    queryFn: () => unwrap(api.GET('/api/resources/{id}', { params: { path: { id } } })),
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/resources/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.resources });
      navigate('/resources');
    },
  });
  if (!resource.data) return <Alert error={resource.error} />;
  return (
    <>
      <h1>{resource.data.name}</h1>
      <ResourceSettings resource={resource.data} />
      <ResourceScopes resourceId={id} />
      <section aria-labelledby="resource-delete">
        <h2 id="resource-delete">Delete</h2>
        <Alert error={remove.error} />
        <ConfirmButton
          label="Delete API resource"
          question={`Delete ${resource.data.name} and its scopes?`}
          confirmLabel="Delete"
          onConfirm={() => remove.mutate()}
        />
      </section>
    </>
  );
}

function ResourceSettings({
  resource,
}: {
  resource: { id: string; name: string; indicator: string; accessTokenTtl: number };
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const form = useZodForm(resourceSettings, { name: resource.name, accessTokenTtl: resource.accessTokenTtl });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (body: z.output<typeof resourceSettings>) =>
      unwrap(api.PATCH('/api/resources/{id}', { params: { path: { id: resource.id } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.resources }),
  });
  return (
    <SettingsForm
      label="API resource settings"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      save={save}
    >
      <p>
        Identifier: <code>{resource.indicator}</code>
      </p>
      <div className="row">
        <Field label="API name" required error={errors.name?.message} {...form.register('name')} />
        <Field
          label="Access token lifetime (seconds)"
          type="number"
          min={1}
          error={errors.accessTokenTtl?.message}
          {...form.register('accessTokenTtl')}
        />
      </div>
    </SettingsForm>
  );
}

function ResourceScopes({ resourceId }: { resourceId: string }) {
  const api = useApi();
  const scopesKey = resourceScopesKey(resourceId);
  const scopes = useResourceScopes(resourceId);
  const form = useZodForm(newScope, { name: '', description: '' });
  const add = useListChange(
    scopesKey,
    (body: z.output<typeof newScope>) =>
      unwrap(api.POST('/api/resources/{resourceId}/scopes', { params: { path: { resourceId } }, body })),
    () => form.reset(),
  );
  const drop = useListChange(scopesKey, (scopeId: string) =>
    unwrap(
      api.DELETE('/api/resources/{resourceId}/scopes/{scopeId}', {
        params: { path: { resourceId, scopeId } },
      }),
    ),
  );
  return (
    <section className="panel" aria-labelledby="resource-scopes">
      <h2 id="resource-scopes">Scopes</h2>
      <ul>
        {scopes.data?.items.map((scope) => (
          <li key={scope.id}>
            <code>{scope.name}</code> <span className="muted">{scope.description}</span>{' '}
            <button
              type="button"
              onClick={() => drop.mutate(scope.id)}
              aria-label={`Delete scope ${scope.name}`}
            >
              Delete
            </button>
          </li>
        ))}
        {scopes.data?.items.length === 0 ? <li className="muted">No scopes.</li> : null}
      </ul>
      <RowForm
        label="Add scope"
        submitLabel="Add scope"
        onSubmit={form.handleSubmit((values) => add.mutate(values))}
      >
        <Field
          label="Scope name"
          required
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
        <Field label="Scope description" {...form.register('description')} />
      </RowForm>
      <Alert error={scopes.error ?? add.error ?? drop.error} />
    </section>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { unwrap, unwrapPage } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Select } from '@shared/ui/Field';
import { useZodForm } from '@shared/ui/useZodForm';
import { useListChange } from '../ui/useListChange';
import { useAllResources, useResourceScopes } from '../resources/queries';
import { keys, useApi } from '../ui/api';
import { ConfirmButton } from '../ui/ConfirmButton';
import { NameDescriptionForm } from '../ui/NameDescriptionForm';

export function RolePage() {
  const { id = '' } = useParams();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const role = useQuery({
    queryKey: [...keys.roles, id],
    queryFn: () => unwrap(api.GET('/api/roles/{id}', { params: { path: { id } } })),
  });
  const save = useMutation({
    mutationFn: (body: { name: string; description: string }) =>
      unwrap(api.PATCH('/api/roles/{id}', { params: { path: { id } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.roles }),
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/roles/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.roles });
      navigate('/roles');
    },
  });
  if (!role.data) return <Alert error={role.error} />;
  return (
    <>
      <h1>{role.data.name}</h1>
      <p className="muted">{role.data.type === 'User' ? 'User role' : 'Machine-to-machine role'}</p>
      <NameDescriptionForm initial={role.data} onSave={(body) => save.mutate(body)} mutation={save} />
      <RoleScopes roleId={id} />
      <section aria-labelledby="role-delete">
        <h2 id="role-delete">Delete</h2>
        <Alert error={remove.error} />
        <ConfirmButton
          label="Delete role"
          question={`Delete ${role.data.name}? Its holders lose its scopes.`}
          confirmLabel="Delete"
          onConfirm={() => remove.mutate()}
        />
      </section>
    </>
  );
}

const scopeChoice = z.object({ resourceId: z.string(), scopeId: z.string() });

/** The API scopes a role grants: listed, added from any resource, removed. */
function RoleScopes({ roleId }: { roleId: string }) {
  const api = useApi();
  const scopesKey = [...keys.roles, roleId, 'scopes'];
  const held = useQuery({
    queryKey: scopesKey,
    queryFn: () =>
      unwrapPage(
        api.GET('/api/roles/{id}/scopes', {
          params: { path: { id: roleId }, query: { page: 1, page_size: 100 } },
        }),
      ),
  });
  const resources = useAllResources();
  const form = useZodForm(scopeChoice, { resourceId: '', scopeId: '' });
  const { resourceId, scopeId } = form.watch();
  const candidates = useResourceScopes(resourceId);
  const add = useListChange(scopesKey, () =>
    unwrap(
      api.POST('/api/roles/{id}/scopes', {
        params: { path: { id: roleId } },
        body: { scopeIds: [scopeId] },
      }),
    ),
  );
  const drop = useListChange(scopesKey, (id: string) =>
    unwrap(api.DELETE('/api/roles/{id}/scopes/{scopeId}', { params: { path: { id: roleId, scopeId: id } } })),
  );
  const resourceName = (id: string) => resources.data?.items.find((r) => r.id === id)?.name ?? id;
  return (
    <section className="panel" aria-labelledby="role-scopes">
      <h2 id="role-scopes">Permissions (API scopes)</h2>
      <ul>
        {held.data?.items.map((scope) => (
          <li key={scope.id}>
            {resourceName(scope.resourceId)}: <code>{scope.name}</code>{' '}
            <button
              type="button"
              onClick={() => drop.mutate(scope.id)}
              aria-label={`Remove scope ${scope.name}`}
            >
              Remove
            </button>
          </li>
        ))}
        {held.data?.items.length === 0 ? <li className="muted">No scopes.</li> : null}
      </ul>
      <div className="row">
        <Select
          label="API resource"
          options={[
            { value: '', label: 'Choose an API resource' },
            ...(resources.data?.items ?? []).map((r) => ({ value: r.id, label: r.name })),
          ]}
          {...form.register('resourceId', { onChange: () => form.setValue('scopeId', '') })}
        />
        <Select
          label="Scope"
          options={[
            { value: '', label: 'Choose a scope' },
            ...(candidates.data?.items ?? []).map((s) => ({ value: s.id, label: s.name })),
          ]}
          {...form.register('scopeId')}
        />
        <button type="button" disabled={!scopeId} onClick={() => add.mutate()}>
          Add scope
        </button>
      </div>
      <Alert error={held.error ?? add.error ?? drop.error} />
    </section>
  );
}

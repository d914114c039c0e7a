import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { unwrap, unwrapPage } from '@shared/api/client';
import { keys, useApi } from '../ui/api';
import { ConfirmButton } from '../ui/ConfirmButton';
import { Alert } from '@shared/ui/Alert';
import { Field } from '@shared/ui/Field';

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
  const [name, setName] = useState(resource.name);
  const [ttl, setTtl] = useState(String(resource.accessTokenTtl));
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.PATCH('/api/resources/{id}', {
          params: { path: { id: resource.id } },
          body: { name, accessTokenTtl: Number(ttl) },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.resources }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="panel" onSubmit={submit} aria-label="API resource settings">
      <h2>Settings</h2>
      <p>
        Identifier: <code>{resource.indicator}</code>
      </p>
      <div className="row">
        <Field label="API name" value={name} onChange={(e) => setName(e.target.value)} required />
        <Field
          label="Access token lifetime (seconds)"
          type="number"
          min={1}
          value={ttl}
          onChange={(e) => setTtl(e.target.value)}
        />
      </div>
      <Alert error={save.error} />
      <button type="submit" className="primary" disabled={save.isPending}>
        Save settings
      </button>
      {save.isSuccess ? <span role="status"> Saved.</span> : null}
    </form>
  );
}

function ResourceScopes({ resourceId }: { resourceId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const scopesKey = [...keys.resources, resourceId, 'scopes'];
  const scopes = useQuery({
    queryKey: scopesKey,
    queryFn: () =>
      unwrapPage(
        api.GET('/api/resources/{resourceId}/scopes', {
          params: { path: { resourceId }, query: { page: 1, page_size: 100 } },
        }),
      ),
  });
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: scopesKey });
  const add = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/resources/{resourceId}/scopes', {
          params: { path: { resourceId } },
          body: { name, description },
        }),
      ),
    onSuccess: () => {
      setName('');
      setDescription('');
      return refresh();
    },
  });
  const drop = useMutation({
    mutationFn: (scopeId: string) =>
      unwrap(
        api.DELETE('/api/resources/{resourceId}/scopes/{scopeId}', {
          params: { path: { resourceId, scopeId } },
        }),
      ),
    onSuccess: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
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
      <form className="row" onSubmit={submit} aria-label="Add scope">
        <Field label="Scope name" value={name} onChange={(e) => setName(e.target.value)} required />
        <Field
          label="Scope description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <button type="submit">Add scope</button>
      </form>
      <Alert error={scopes.error ?? add.error ?? drop.error} />
    </section>
  );
}

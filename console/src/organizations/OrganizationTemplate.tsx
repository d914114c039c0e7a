import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { unwrap, unwrapPage } from '@shared/api/client';
import { keys, useApi } from '../ui/api';
import { Alert } from '@shared/ui/Alert';
import { Field } from '@shared/ui/Field';

/** The organization template: organization roles and scopes, shared by every organization. */
export function OrganizationTemplate() {
  const api = useApi();
  const queryClient = useQueryClient();
  const templateKey = [...keys.organizations, 'template'];
  const roles = useQuery({
    queryKey: [...templateKey, 'roles'],
    queryFn: () =>
      unwrapPage(api.GET('/api/organization-roles', { params: { query: { page: 1, page_size: 100 } } })),
  });
  const scopes = useQuery({
    queryKey: [...templateKey, 'scopes'],
    queryFn: () =>
      unwrapPage(api.GET('/api/organization-scopes', { params: { query: { page: 1, page_size: 100 } } })),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: templateKey });
  const [roleName, setRoleName] = useState('');
  const [scopeName, setScopeName] = useState('');
  const createRole = useMutation({
    mutationFn: () => unwrap(api.POST('/api/organization-roles', { body: { name: roleName } })),
    onSuccess: () => (setRoleName(''), refresh()),
  });
  const createScope = useMutation({
    mutationFn: () => unwrap(api.POST('/api/organization-scopes', { body: { name: scopeName } })),
    onSuccess: () => (setScopeName(''), refresh()),
  });
  const deleteRole = useMutation({
    mutationFn: (id: string) =>
      unwrap(api.DELETE('/api/organization-roles/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
  const deleteScope = useMutation({
    mutationFn: (id: string) =>
      unwrap(api.DELETE('/api/organization-scopes/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
  const grant = useMutation({
    mutationFn: ({ roleId, scopeId }: { roleId: string; scopeId: string }) =>
      unwrap(
        api.POST('/api/organization-roles/{id}/scopes', {
          params: { path: { id: roleId } },
          body: { organizationScopeIds: [scopeId] },
        }),
      ),
    onSuccess: refresh,
  });
  const submitRole = (event: FormEvent) => {
    event.preventDefault();
    createRole.mutate();
  };
  const submitScope = (event: FormEvent) => {
    event.preventDefault();
    createScope.mutate();
  };
  return (
    <section className="panel" aria-labelledby="org-template">
      <h2 id="org-template">Organization template</h2>
      <div className="columns">
        <div>
          <h3>Organization roles</h3>
          <ul>
            {roles.data?.items.map((role) => (
              <li key={role.id}>
                <strong>{role.name}</strong>{' '}
                {role.scopes.map((s) => s.name).join(', ') || <span className="muted">no scopes</span>}{' '}
                <select
                  aria-label={`Add a scope to ${role.name}`}
                  value=""
                  onChange={(e) =>
                    e.target.value && grant.mutate({ roleId: role.id, scopeId: e.target.value })
                  }
                >
                  <option value="">Add scope…</option>
                  {scopes.data?.items
                    .filter((scope) => !role.scopes.some((held) => held.id === scope.id))
                    .map((scope) => (
                      <option key={scope.id} value={scope.id}>
                        {scope.name}
                      </option>
                    ))}
                </select>{' '}
                <button
                  type="button"
                  aria-label={`Delete organization role ${role.name}`}
                  onClick={() => deleteRole.mutate(role.id)}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
          <form className="row" onSubmit={submitRole} aria-label="Create organization role">
            <Field
              label="Organization role name"
              value={roleName}
              onChange={(e) => setRoleName(e.target.value)}
              required
            />
            <button type="submit">Create organization role</button>
          </form>
        </div>
        <div>
          <h3>Organization scopes</h3>
          <ul>
            {scopes.data?.items.map((scope) => (
              <li key={scope.id}>
                <code>{scope.name}</code>{' '}
                <button
                  type="button"
                  aria-label={`Delete organization scope ${scope.name}`}
                  onClick={() => deleteScope.mutate(scope.id)}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
          <form className="row" onSubmit={submitScope} aria-label="Create organization scope">
            <Field
              label="Organization scope name"
              value={scopeName}
              onChange={(e) => setScopeName(e.target.value)}
              required
            />
            <button type="submit">Create organization scope</button>
          </form>
        </div>
      </div>
      <Alert
        error={
          roles.error ??
          scopes.error ??
          createRole.error ??
          createScope.error ??
          deleteRole.error ??
          deleteScope.error ??
          grant.error
        }
      />
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { unwrap, unwrapPage } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { OneFieldForm } from '@shared/ui/RowForm';
import { useListChange } from '../ui/useListChange';
import { keys, useApi } from '../ui/api';

/** The organization template: organization roles and scopes, shared by every organization. */
export function OrganizationTemplate() {
  const api = useApi();
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
  const byId = (id: string) => ({ params: { path: { id } } });
  const createRole = useListChange(templateKey, (name: string) =>
    unwrap(api.POST('/api/organization-roles', { body: { name } })),
  );
  const createScope = useListChange(templateKey, (name: string) =>
    unwrap(api.POST('/api/organization-scopes', { body: { name } })),
  );
  const deleteRole = useListChange(templateKey, (id: string) =>
    unwrap(api.DELETE('/api/organization-roles/{id}', byId(id))),
  );
  const deleteScope = useListChange(templateKey, (id: string) =>
    unwrap(api.DELETE('/api/organization-scopes/{id}', byId(id))),
  );
  const setType = useListChange(
    templateKey,
    ({ roleId, type }: { roleId: string; type: 'User' | 'MachineToMachine' }) =>
      unwrap(api.PATCH('/api/organization-roles/{id}', { ...byId(roleId), body: { type } })),
  );
  const grant = useListChange(templateKey, ({ roleId, scopeId }: { roleId: string; scopeId: string }) =>
    unwrap(
      api.POST('/api/organization-roles/{id}/scopes', {
        ...byId(roleId),
        body: { organizationScopeIds: [scopeId] },
      }),
    ),
  );
  return (
    <section className="panel" aria-labelledby="org-template">
      <h2 id="org-template">Organization template</h2>
      <div className="columns">
        <TemplateColumn
          kind="organization role"
          heading="Organization roles"
          items={roles.data?.items}
          onCreate={createRole.mutateAsync}
          onDelete={deleteRole.mutate}
          show={(role) => (
            <>
              <strong>{role.name}</strong>{' '}
              <select
                aria-label={`Who holds ${role.name}`}
                value={role.type}
                onChange={(e) =>
                  setType.mutate({ roleId: role.id, type: e.target.value as 'User' | 'MachineToMachine' })
                }
              >
                <option value="User">Users</option>
                <option value="MachineToMachine">Machine-to-machine apps</option>
              </select>{' '}
              {role.scopes.map((s) => s.name).join(', ') || <span className="muted">no scopes</span>}{' '}
              <select
                aria-label={`Add a scope to ${role.name}`}
                value=""
                onChange={(e) => e.target.value && grant.mutate({ roleId: role.id, scopeId: e.target.value })}
              >
                <option value="">Add scope…</option>
                {scopes.data?.items
                  .filter((scope) => !role.scopes.some((held) => held.id === scope.id))
                  .map((scope) => (
                    <option key={scope.id} value={scope.id}>
                      {scope.name}
                    </option>
                  ))}
              </select>
            </>
          )}
        />
        <TemplateColumn
          kind="organization scope"
          heading="Organization scopes"
          items={scopes.data?.items}
          onCreate={createScope.mutateAsync}
          onDelete={deleteScope.mutate}
          show={(scope) => <code>{scope.name}</code>}
        />
      </div>
      <Alert
        error={
          roles.error ??
          scopes.error ??
          createRole.error ??
          createScope.error ??
          deleteRole.error ??
          deleteScope.error ??
          setType.error ??
          grant.error
        }
      />
    </section>
  );
}

/** One kind of template entry: listed with a delete button each, and created by name. */
function TemplateColumn<T extends { id: string; name: string }>({
  kind,
  heading,
  items,
  show,
  onCreate,
  onDelete,
}: {
  kind: string;
  heading: string;
  items: T[] | undefined;
  show: (item: T) => ReactNode;
  onCreate: (name: string) => Promise<unknown>;
  onDelete: (id: string) => void;
}) {
  const title = kind.charAt(0).toUpperCase() + kind.slice(1);
  return (
    <div>
      <h3>{heading}</h3>
      <ul>
        {items?.map((item) => (
          <li key={item.id}>
            {show(item)}{' '}
            <button
              type="button"
              aria-label={`Delete ${kind} ${item.name}`}
              onClick={() => onDelete(item.id)}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <OneFieldForm
        label={`Create ${kind}`}
        fieldLabel={`${title} name`}
        submitLabel={`Create ${kind}`}
        onAdd={onCreate}
      />
    </div>
  );
}

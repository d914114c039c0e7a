import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { unwrap, unwrapPage } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Select } from '@shared/ui/Field';
import { useAllResources, useResourceScopes } from '../resources/queries';
import { keys, useApi } from '../ui/api';
import { useListChange } from '../ui/useListChange';
import { permissionItems, userScopes, type Body, type ScopeType, type UserScope } from './permission-items';

/**
 * What a third-party application may ask its users to consent to (Logto's "Permissions"): user
 * data, API permissions and organization permissions; anything else it asks for is not granted.
 */
export function ApplicationPermissions({ appId }: { appId: string }) {
  const api = useApi();
  const queryKey = [...keys.applications, appId, 'user-consent-scopes'];
  const path = { path: { id: appId } };
  const assigned = useQuery({
    queryKey,
    queryFn: () => unwrap(api.GET('/api/applications/{id}/user-consent-scopes', { params: path })),
  });
  const organizationScopes = useQuery({
    queryKey: [...keys.organizations, 'scopes', 'all'],
    queryFn: () =>
      unwrapPage(api.GET('/api/organization-scopes', { params: { query: { page: 1, page_size: 100 } } })),
  });
  const resources = useAllResources();
  const [resourceId, setResourceId] = useState('');
  const resourceScopes = useResourceScopes(resourceId);
  const [choice, setChoice] = useState({ user: '', resource: '', organization: '' });

  const add = useListChange(
    queryKey,
    (body: Body) => unwrap(api.POST('/api/applications/{id}/user-consent-scopes', { params: path, body })),
    () => setChoice({ user: '', resource: '', organization: '' }),
  );
  const remove = useListChange(queryKey, ({ type, id }: { type: ScopeType; id: string }) =>
    unwrap(
      api.DELETE('/api/applications/{id}/user-consent-scopes/{scopeType}/{scopeId}', {
        params: { path: { id: appId, scopeType: type, scopeId: id } },
      }),
    ),
  );

  const data = assigned.data;
  const granted = permissionItems(data);
  const held = new Set(granted.map((item) => item.id));
  const unchosen = (label: string) => [{ value: '', label }];

  return (
    <section className="panel" aria-labelledby="app-permissions">
      <h2 id="app-permissions">Permissions</h2>
      <p className="muted">
        What users are asked to consent to. Anything else the application asks for is not granted.
      </p>
      <ul>
        {granted.map((item) => (
          <li key={`${item.type}:${item.id}`}>
            {item.label}{' '}
            <button
              type="button"
              aria-label={`Remove permission ${item.label}`}
              onClick={() => remove.mutate(item)}
            >
              Remove
            </button>
          </li>
        ))}
        {data && granted.length === 0 ? (
          <li className="muted">No permissions: none is enforced yet.</li>
        ) : null}
      </ul>
      <div className="row">
        <Select
          label="User data"
          value={choice.user}
          onChange={(event) => setChoice({ ...choice, user: event.target.value })}
          options={[...unchosen('Choose user data'), ...userScopes.filter((scope) => !held.has(scope))]}
        />
        <button
          type="button"
          disabled={!choice.user}
          onClick={() => add.mutate({ userScopes: [choice.user as UserScope] })}
        >
          Add user data
        </button>
      </div>
      <div className="row">
        <Select
          label="API"
          value={resourceId}
          onChange={(event) => setResourceId(event.target.value)}
          options={[
            ...unchosen('Choose an API'),
            ...(resources.data?.items ?? []).map((resource) => ({
              value: resource.id,
              label: resource.name,
            })),
          ]}
        />
        <Select
          label="API permission"
          value={choice.resource}
          onChange={(event) => setChoice({ ...choice, resource: event.target.value })}
          options={[
            ...unchosen('Choose a permission'),
            ...(resourceScopes.data?.items ?? [])
              .filter((scope) => !held.has(scope.id))
              .map((scope) => ({ value: scope.id, label: scope.name })),
          ]}
        />
        <button
          type="button"
          disabled={!choice.resource}
          onClick={() => add.mutate({ resourceScopes: [choice.resource] })}
        >
          Add API permission
        </button>
      </div>
      <div className="row">
        <Select
          label="Organization permission"
          value={choice.organization}
          onChange={(event) => setChoice({ ...choice, organization: event.target.value })}
          options={[
            ...unchosen('Choose a permission'),
            ...(organizationScopes.data?.items ?? [])
              .filter((scope) => !held.has(scope.id))
              .map((scope) => ({ value: scope.id, label: scope.name })),
          ]}
        />
        <button
          type="button"
          disabled={!choice.organization}
          onClick={() => add.mutate({ organizationScopes: [choice.organization] })}
        >
          Add organization permission
        </button>
      </div>
      <Alert error={assigned.error ?? add.error ?? remove.error} />
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { unwrap, unwrapPage } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Select } from '@shared/ui/Field';
import { oneChoice, useZodForm } from '@shared/ui/useZodForm';
import { useListChange } from '../ui/useListChange';
import { keys, useApi } from '../ui/api';

/** Enterprise SSO connectors whose users join the organization when they sign in through them. */
export function JitSsoConnectors({ organizationId }: { organizationId: string }) {
  const api = useApi();
  const boundKey = [...keys.organizations, organizationId, 'jit-sso'];
  const bound = useQuery({
    queryKey: boundKey,
    queryFn: () =>
      unwrap(
        api.GET('/api/organizations/{id}/jit/sso-connectors', { params: { path: { id: organizationId } } }),
      ),
  });
  const all = useQuery({
    queryKey: [...keys.ssoConnectors, 'all'],
    queryFn: () =>
      unwrapPage(api.GET('/api/sso-connectors', { params: { query: { page: 1, page_size: 100 } } })),
  });
  const form = useZodForm(oneChoice, { value: '' });
  const chosen = form.watch('value');
  const add = useListChange(
    boundKey,
    (id: string) =>
      unwrap(
        api.POST('/api/organizations/{id}/jit/sso-connectors', {
          params: { path: { id: organizationId } },
          body: { ssoConnectorIds: [id] },
        }),
      ),
    () => form.reset(),
  );
  const remove = useListChange(boundKey, (ssoConnectorId: string) =>
    unwrap(
      api.DELETE('/api/organizations/{id}/jit/sso-connectors/{ssoConnectorId}', {
        params: { path: { id: organizationId, ssoConnectorId } },
      }),
    ),
  );
  const boundIds = new Set(bound.data?.map((connector) => connector.id));
  const choices = (all.data?.items ?? []).filter((connector) => !boundIds.has(connector.id));
  const submit = form.handleSubmit(({ value }) => {
    if (value) add.mutate(value);
  });
  return (
    <section className="panel" aria-labelledby="org-jit-sso">
      <h2 id="org-jit-sso">Enterprise SSO connectors</h2>
      <p className="muted">Users who sign in through one of these connectors join this organization.</p>
      <ul>
        {bound.data?.map((connector) => (
          <li key={connector.id}>
            <Link to={`/enterprise-sso/${connector.id}`}>{connector.connectorName}</Link>{' '}
            <span className="muted">{connector.domains.join(', ')}</span>{' '}
            <button
              type="button"
              aria-label={`Remove SSO connector ${connector.connectorName}`}
              onClick={() => remove.mutate(connector.id)}
            >
              Remove
            </button>
          </li>
        ))}
        {bound.data?.length === 0 ? <li className="muted">No SSO connectors.</li> : null}
      </ul>
      {all.data && all.data.items.length === 0 ? (
        <p className="muted">
          No SSO connectors yet: create one under <Link to="/enterprise-sso">Enterprise SSO</Link>.
        </p>
      ) : (
        <form className="row" onSubmit={submit} aria-label="Add SSO connector">
          <Select
            label="SSO connector"
            options={[
              { value: '', label: 'Choose a connector…' },
              ...choices.map((connector) => ({ value: connector.id, label: connector.connectorName })),
            ]}
            {...form.register('value')}
          />
          <button type="submit" disabled={!chosen || add.isPending}>
            Add SSO connector
          </button>
        </form>
      )}
      <Alert error={bound.error ?? all.error ?? add.error ?? remove.error} />
    </section>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { unwrap, unwrapPage } from '@shared/api/client';
import { PagedTable } from '@shared/ui/PagedTable';
import { keys, useApi } from '../ui/api';
import { SsoConnectorForm, type SsoDraft } from './SsoConnectorForm';

export function SsoConnectorsPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: (draft: SsoDraft) =>
      unwrap(api.POST('/api/sso-connectors', { body: { providerName: 'OIDC', ...draft } })),
    onSuccess: async (connector) => {
      await queryClient.invalidateQueries({ queryKey: keys.ssoConnectors });
      navigate(`/enterprise-sso/${connector.id}`);
    },
  });
  return (
    <>
      <h1>Enterprise SSO</h1>
      <p className="muted">
        OpenID Connect providers of enterprises: people whose e-mail domain a connector claims sign in there,
        and may join organizations bound to it (an organization’s Just-in-time provisioning tab).
      </p>
      <PagedTable
        caption="SSO connectors"
        queryKey={[...keys.ssoConnectors, 'list']}
        load={(page, page_size) =>
          unwrapPage(api.GET('/api/sso-connectors', { params: { query: { page, page_size } } }))
        }
        rowKey={(connector) => connector.id}
        empty="No SSO connectors yet."
        columns={[
          {
            header: 'Name',
            cell: (connector) => (
              <Link to={`/enterprise-sso/${connector.id}`}>{connector.connectorName}</Link>
            ),
          },
          { header: 'Issuer', cell: (connector) => <code>{String(connector.config.issuer ?? '—')}</code> },
          { header: 'E-mail domains', cell: (connector) => connector.domains.join(', ') || '—' },
        ]}
      />
      <section className="panel" aria-labelledby="create-sso">
        <h2 id="create-sso">Create SSO connector</h2>
        <SsoConnectorForm
          submitLabel="Create SSO connector"
          onSubmit={(draft) => create.mutate(draft)}
          error={create.error}
          pending={create.isPending}
        />
      </section>
    </>
  );
}

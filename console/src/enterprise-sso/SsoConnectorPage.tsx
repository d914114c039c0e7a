import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { keys, useApi } from '../ui/api';
import { ConfirmButton } from '../ui/ConfirmButton';
import { SsoConnectorForm, type SsoDraft } from './SsoConnectorForm';

export function SsoConnectorPage() {
  const { id = '' } = useParams();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const connectorKey = [...keys.ssoConnectors, id];
  const query = useQuery({
    queryKey: connectorKey,
    queryFn: () => unwrap(api.GET('/api/sso-connectors/{id}', { params: { path: { id } } })),
  });
  // Each save starts the form again from what the service now holds (the secret empty again).
  const [version, setVersion] = useState(0);
  const update = useMutation({
    mutationFn: (body: SsoDraft) =>
      unwrap(api.PATCH('/api/sso-connectors/{id}', { params: { path: { id } }, body })),
    onSuccess: (connector) => {
      queryClient.setQueryData(connectorKey, connector);
      setVersion((n) => n + 1);
      return queryClient.invalidateQueries({ queryKey: [...keys.ssoConnectors, 'list'] });
    },
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/sso-connectors/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.ssoConnectors });
      navigate('/enterprise-sso');
    },
  });
  const connector = query.data;
  if (!connector) return <Alert error={query.error} />;
  return (
    <>
      <h1>{connector.connectorName}</h1>
      <p className="muted">
        OpenID Connect · ID <code>{connector.id}</code>
      </p>
      <section className="panel" aria-labelledby="sso-settings">
        <h2 id="sso-settings">Settings</h2>
        <SsoConnectorForm
          key={version}
          initial={connector}
          submitLabel="Save SSO connector"
          onSubmit={(draft) => update.mutate(draft)}
          error={update.error}
          pending={update.isPending}
        />
        {update.isSuccess ? <p role="status">Saved.</p> : null}
      </section>
      <section aria-labelledby="sso-delete">
        <h2 id="sso-delete">Delete</h2>
        <Alert error={remove.error} />
        <ConfirmButton
          label="Delete SSO connector"
          question={`Delete ${connector.connectorName}? Its users’ links to the provider and its organization bindings go with it.`}
          confirmLabel="Delete"
          onConfirm={() => remove.mutate()}
        />
      </section>
    </>
  );
}

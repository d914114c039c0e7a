import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { keys, useApi } from '../ui/api';
import { ConfirmButton } from '../ui/ConfirmButton';
import { ConnectorForm, type ConnectorDraft } from './ConnectorForm';
import { nameOf, typeLabels } from './queries';

export function ConnectorPage() {
  const { id = '' } = useParams();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const connectorKey = [...keys.connectors, id];
  const query = useQuery({
    queryKey: connectorKey,
    queryFn: () => unwrap(api.GET('/api/connectors/{id}', { params: { path: { id } } })),
  });
  // Each save starts the form again from what the service now holds (secrets empty again).
  const [version, setVersion] = useState(0);
  const update = useMutation({
    mutationFn: (body: ConnectorDraft) =>
      unwrap(api.PATCH('/api/connectors/{id}', { params: { path: { id } }, body })),
    onSuccess: (connector) => {
      queryClient.setQueryData(connectorKey, connector);
      setVersion((n) => n + 1);
      return queryClient.invalidateQueries({ queryKey: [...keys.connectors, 'list'] });
    },
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/connectors/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.connectors });
      navigate('/connectors');
    },
  });
  const connector = query.data;
  if (!connector) return <Alert error={query.error} />;
  const factory = { ...connector, id: connector.connectorId, name: connector.name };
  return (
    <>
      <h1>{nameOf(connector)}</h1>
      <p className="muted">
        {typeLabels[connector.type]} connector · ID <code>{connector.id}</code>
      </p>
      <section className="panel" aria-labelledby="connector-settings">
        <h2 id="connector-settings">Settings</h2>
        <ConnectorForm
          key={version}
          factory={factory}
          connector={connector}
          submitLabel="Save connector"
          onSubmit={(draft) => update.mutate(draft)}
          error={update.error}
          pending={update.isPending}
        />
        {update.isSuccess ? <p role="status">Saved.</p> : null}
      </section>
      <section aria-labelledby="connector-delete">
        <h2 id="connector-delete">Delete</h2>
        <Alert error={remove.error} />
        <ConfirmButton
          label="Delete connector"
          question={`Delete ${nameOf(connector)}? ${connector.type === 'Social' ? 'Its users can no longer sign in through it.' : 'Codes go to the fallback until another is set up.'}`}
          confirmLabel="Delete"
          onConfirm={() => remove.mutate()}
        />
      </section>
    </>
  );
}

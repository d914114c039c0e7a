import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { keys, useApi } from '../ui/api';
import { ConnectorForm, type ConnectorDraft } from './ConnectorForm';
import { connectorsKey, factoriesKey, loadConnectors, loadFactories, nameOf } from './queries';

export function NewConnectorPage() {
  const { factoryId = '' } = useParams();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const factories = useQuery({ queryKey: factoriesKey, queryFn: () => loadFactories(api) });
  const connectors = useQuery({ queryKey: connectorsKey, queryFn: () => loadConnectors(api) });
  const create = useMutation({
    mutationFn: (draft: ConnectorDraft) =>
      unwrap(api.POST('/api/connectors', { body: { connectorId: factoryId, ...draft } })),
    onSuccess: async (connector) => {
      await queryClient.invalidateQueries({ queryKey: keys.connectors });
      navigate(`/connectors/${connector.id}`);
    },
  });
  const factory = factories.data?.find((candidate) => candidate.id === factoryId);
  if (!factory) {
    return factories.data ? (
      <p role="alert">No connector kind `{factoryId}`.</p>
    ) : (
      <Alert error={factories.error} />
    );
  }
  const replaced = connectors.data?.find((c) => factory.type !== 'Social' && c.type === factory.type);
  return (
    <>
      <h1>New {nameOf(factory)} connector</h1>
      <p className="muted">{factory.description.en}</p>
      {replaced ? (
        <p className="panel notice">
          Creating it replaces the current {factory.type === 'Email' ? 'e-mail' : 'SMS'} connector,{' '}
          <strong>{nameOf(replaced)}</strong>.
        </p>
      ) : null}
      <ConnectorForm
        factory={factory}
        submitLabel="Create connector"
        onSubmit={(draft) => create.mutate(draft)}
        error={create.error}
        pending={create.isPending}
      />
    </>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { unwrap, unwrapPage } from '@shared/api/client';
import { PagedTable } from '@shared/ui/PagedTable';
import { keys, useApi } from '../ui/api';
import { HookForm, type HookDraft } from './HookForm';

export function WebhooksPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: (body: HookDraft) => unwrap(api.POST('/api/hooks', { body })),
    onSuccess: async (hook) => {
      await queryClient.invalidateQueries({ queryKey: keys.hooks });
      navigate(`/webhooks/${hook.id}`);
    },
  });
  return (
    <>
      <h1>Webhooks</h1>
      <section className="panel" aria-labelledby="create-webhook">
        <h2 id="create-webhook">Create webhook</h2>
        <HookForm
          submitLabel="Create webhook"
          onSubmit={(draft) => create.mutate(draft)}
          error={create.error}
          pending={create.isPending}
        />
      </section>
      <PagedTable
        caption="Webhooks"
        queryKey={[...keys.hooks, 'list']}
        load={(page, page_size) =>
          unwrapPage(
            api.GET('/api/hooks', { params: { query: { page, page_size, includeExecutionStats: 'true' } } }),
          )
        }
        rowKey={(hook) => hook.id}
        columns={[
          { header: 'Name', cell: (hook) => <Link to={`/webhooks/${hook.id}`}>{hook.name}</Link> },
          { header: 'Endpoint', cell: (hook) => <code>{hook.config.url}</code> },
          { header: 'Events', cell: (hook) => hook.events.length },
          { header: 'Enabled', cell: (hook) => (hook.enabled ? 'Yes' : 'No') },
          {
            header: 'Last 24 hours',
            cell: (hook) =>
              hook.executionStats
                ? `${hook.executionStats.successCount} succeeded, ${hook.executionStats.requestCount - hook.executionStats.successCount} failed`
                : '—',
          },
        ]}
      />
    </>
  );
}

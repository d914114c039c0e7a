import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { unwrap, unwrapPage } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Select } from '@shared/ui/Field';
import { useZodForm } from '@shared/ui/useZodForm';
import { PAGE_SIZE } from '@shared/ui/PagedTable';
import { formatTime, keys, useApi } from '../ui/api';

const statuses = ['pending', 'delivered', 'retrying', 'failed', 'disabled'] as const;
const statusFilter = z.object({ status: z.enum(['', ...statuses]) });

/** Every delivery of the hook with its attempts; filter by status, redeliver one. */
export function DeliveryHistory({ hookId }: { hookId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const filter = useZodForm(statusFilter, { status: '' });
  const status = filter.watch('status');
  const [page, setPage] = useState(1);
  const historyKey = [...keys.hooks, hookId, 'deliveries'];
  const deliveries = useQuery({
    queryKey: [...historyKey, { status, page }],
    queryFn: () =>
      unwrapPage(
        api.GET('/api/hooks/{id}/deliveries', {
          params: {
            path: { id: hookId },
            query: { page, page_size: PAGE_SIZE, status: status || undefined },
          },
        }),
      ),
  });
  const redeliver = useMutation({
    mutationFn: (deliveryId: string) =>
      unwrap(
        api.POST('/api/hooks/{id}/deliveries/{deliveryId}/redeliver', {
          params: { path: { id: hookId, deliveryId } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...keys.hooks, hookId] }),
  });
  const stats = useQuery({
    queryKey: [...keys.hooks, hookId, 'stats'],
    queryFn: () =>
      unwrapPage(
        api.GET('/api/hooks', {
          params: { query: { page: 1, page_size: 100, includeExecutionStats: 'true' } },
        }),
      ),
    select: (answer) => answer.items.find((hook) => hook.id === hookId)?.executionStats,
  });
  const pages = Math.max(1, Math.ceil((deliveries.data?.total ?? 0) / PAGE_SIZE));
  return (
    <section className="panel" aria-labelledby="delivery-history">
      <h2 id="delivery-history">Delivery history</h2>
      {stats.data ? (
        <p>
          Last 24 hours: <strong>{stats.data.successCount}</strong> succeeded,{' '}
          <strong>{stats.data.requestCount - stats.data.successCount}</strong> failed.
        </p>
      ) : null}
      <div className="row">
        <Select
          label="Filter by status"
          options={[{ value: '', label: 'All statuses' }, ...statuses]}
          {...filter.register('status', { onChange: () => setPage(1) })}
        />
        <button
          type="button"
          onClick={() => void queryClient.invalidateQueries({ queryKey: [...keys.hooks, hookId] })}
        >
          Refresh
        </button>
      </div>
      <Alert error={deliveries.error ?? redeliver.error} />
      <ol className="deliveries" aria-label="Deliveries">
        {deliveries.data?.items.map((delivery) => (
          <li key={delivery.id} aria-label={`Delivery ${delivery.event} ${delivery.status}`}>
            <div className="row">
              <strong>{delivery.event}</strong>
              <span className={`status status-${delivery.status}`}>{delivery.status}</span>
              <span className="muted">{formatTime(delivery.createdAt)}</span>
              {delivery.nextAttemptAt ? (
                <span className="muted">next attempt {formatTime(delivery.nextAttemptAt)}</span>
              ) : null}
              <button
                type="button"
                onClick={() => redeliver.mutate(delivery.id)}
                disabled={redeliver.isPending || delivery.status === 'pending'}
                aria-label={`Redeliver ${delivery.event} delivery ${delivery.id}`}
              >
                Redeliver
              </button>
            </div>
            <table>
              <caption>Attempts of delivery {delivery.id}</caption>
              <thead>
                <tr>
                  <th scope="col">Attempt</th>
                  <th scope="col">Time</th>
                  <th scope="col">Status code</th>
                  <th scope="col">Duration</th>
                  <th scope="col">Error</th>
                  <th scope="col">Next attempt</th>
                </tr>
              </thead>
              <tbody>
                {delivery.attempts.map((attempt) => (
                  <tr key={attempt.attempt}>
                    <td>{attempt.attempt}</td>
                    <td>{formatTime(attempt.createdAt)}</td>
                    <td>{attempt.statusCode ?? '—'}</td>
                    <td>{attempt.durationMs} ms</td>
                    <td>{attempt.error ?? '—'}</td>
                    <td>{formatTime(attempt.nextAttemptAt)}</td>
                  </tr>
                ))}
                {delivery.attempts.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="muted">
                      No attempt yet.
                    </td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </li>
        ))}
        {deliveries.data?.items.length === 0 ? <li className="muted">No deliveries.</li> : null}
      </ol>
      <nav className="pager" aria-label="Delivery pages">
        <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous page
        </button>
        <span>
          Page {page} of {pages}
        </span>
        <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          Next page
        </button>
      </nav>
    </section>
  );
}

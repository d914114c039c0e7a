import { Link } from 'react-router-dom';
import { z } from 'zod';
import { unwrapPage } from '@shared/api/client';
import { Field, Select } from '@shared/ui/Field';
import { PagedTable } from '@shared/ui/PagedTable';
import { optionalText, useZodForm } from '@shared/ui/useZodForm';
import { formatTime, keys, useApi } from '../ui/api';

type Payload = { result?: string; applicationId?: string; userId?: string };

/** The filter as typed, and as the query takes it: blank means "any". */
const logFilter = z.object({
  key: optionalText,
  result: z.enum(['', 'Success', 'Error']).transform((result) => result || undefined),
  userId: optionalText,
  applicationId: optionalText,
});

/** The audit log, newest first, filtered by key (or key prefix), result, user and application. */
export function LogsPage() {
  const api = useApi();
  // The table follows the filter as it is typed: no submit, the schema only converts.
  const form = useZodForm(logFilter, { key: '', result: '', userId: '', applicationId: '' });
  const filter = logFilter.parse(form.watch());
  return (
    <>
      <h1>Audit logs</h1>
      <div className="row" role="search" aria-label="Filter logs">
        <Field
          label="Log key"
          list="log-keys"
          placeholder="e.g. ExchangeTokenBy.TokenExchange"
          {...form.register('key')}
        />
        <datalist id="log-keys">
          {[
            'ExchangeTokenBy.TokenExchange',
            'SubjectToken.Issued',
            'TriggerHook.*',
            'Interaction.*',
            'JwtCustomizer.ScriptError',
          ].map((k) => (
            <option key={k} value={k} />
          ))}
        </datalist>
        <Select
          label="Result"
          options={[
            { value: '', label: 'Any result' },
            { value: 'Success', label: 'Success' },
            { value: 'Error', label: 'Error' },
          ]}
          {...form.register('result')}
        />
        <Field label="User ID" {...form.register('userId')} />
        <Field label="Application ID" {...form.register('applicationId')} />
      </div>
      <PagedTable
        caption="Audit logs"
        queryKey={[...keys.logs, 'list', filter]}
        load={(page, page_size) =>
          unwrapPage(api.GET('/api/logs', { params: { query: { page, page_size, ...filter } } }))
        }
        rowKey={(log) => log.id}
        columns={[
          { header: 'Time', cell: (log) => formatTime(log.createdAt) },
          { header: 'Key', cell: (log) => <Link to={`/logs/${log.id}`}>{log.key}</Link> },
          { header: 'Result', cell: (log) => (log.payload as Payload).result ?? '—' },
          { header: 'User', cell: (log) => (log.payload as Payload).userId ?? '—' },
          { header: 'Application', cell: (log) => (log.payload as Payload).applicationId ?? '—' },
        ]}
      />
    </>
  );
}

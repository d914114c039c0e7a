import { useState } from 'react';
import { Link } from 'react-router-dom';
import { unwrapPage } from '@shared/api/client';
import { formatTime, keys, useApi } from '../ui/api';
import { Field, Select } from '@shared/ui/Field';
import { PagedTable } from '@shared/ui/PagedTable';

type Payload = { result?: string; applicationId?: string; userId?: string };

/** The audit log, newest first, filtered by key (or key prefix), result, user and application. */
export function LogsPage() {
  const api = useApi();
  const [key, setKey] = useState('');
  const [userId, setUserId] = useState('');
  const [applicationId, setApplicationId] = useState('');
  const [result, setResult] = useState<'' | 'Success' | 'Error'>('');
  const filter = {
    key: key.trim() || undefined,
    result: result || undefined,
    userId: userId.trim() || undefined,
    applicationId: applicationId.trim() || undefined,
  };
  return (
    <>
      <h1>Audit logs</h1>
      <div className="row" role="search" aria-label="Filter logs">
        <Field
          label="Log key"
          list="log-keys"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          placeholder="e.g. ExchangeTokenBy.TokenExchange"
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
          value={result}
          onChange={(e) => setResult(e.target.value as '' | 'Success' | 'Error')}
          options={[
            { value: '', label: 'Any result' },
            { value: 'Success', label: 'Success' },
            { value: 'Error', label: 'Error' },
          ]}
        />
        <Field label="User ID" value={userId} onChange={(e) => setUserId(e.target.value)} />
        <Field
          label="Application ID"
          value={applicationId}
          onChange={(e) => setApplicationId(e.target.value)}
        />
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

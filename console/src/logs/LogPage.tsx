import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { formatTime, keys, useApi } from '../ui/api';

export function LogPage() {
  const { id = '' } = useParams();
  const api = useApi();
  const query = useQuery({
    queryKey: [...keys.logs, id],
    queryFn: () => unwrap(api.GET('/api/logs/{id}', { params: { path: { id } } })),
  });
  const log = query.data;
  if (!log) return <Alert error={query.error} />;
  return (
    <>
      <p>
        <Link to="/logs">All audit logs</Link>
      </p>
      <h1>{log.key}</h1>
      <dl className="facts">
        <dt>Log ID</dt>
        <dd>
          <code>{log.id}</code>
        </dd>
        <dt>Time</dt>
        <dd>{formatTime(log.createdAt)}</dd>
      </dl>
      <h2>Payload</h2>
      <pre aria-label="Log payload">{JSON.stringify(log.payload, null, 2)}</pre>
    </>
  );
}

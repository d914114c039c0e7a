import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { unwrapPage } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { formatTime, keys, useApi } from '../ui/api';

type Payload = Record<string, unknown> & {
  result?: string;
  applicationId?: string;
  actorId?: string;
  resource?: string;
  grantedScopes?: string[];
  context?: Record<string, unknown>;
  error?: { code?: string; description?: string; reason?: string };
};

/** The user's impersonation history: subject tokens issued, and every exchange with its outcome. */
export function ImpersonationTrail({ userId }: { userId: string }) {
  const api = useApi();
  const load = (key: string) =>
    unwrapPage(api.GET('/api/logs', { params: { query: { userId, key, page: 1, page_size: 50 } } }));
  const issued = useQuery({
    queryKey: [...keys.logs, 'impersonation', userId, 'issued'],
    queryFn: () => load('SubjectToken.Issued'),
  });
  const exchanges = useQuery({
    queryKey: [...keys.logs, 'impersonation', userId, 'exchanges'],
    queryFn: () => load('ExchangeTokenBy.TokenExchange'),
  });
  return (
    <section className="panel" aria-labelledby="impersonation-trail">
      <h2 id="impersonation-trail">Impersonation audit trail</h2>
      <Alert error={issued.error ?? exchanges.error} />
      <table>
        <caption>Subject tokens issued</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Requested by</th>
            <th scope="col">Context</th>
            <th scope="col">Log</th>
          </tr>
        </thead>
        <tbody>
          {issued.data?.items.map((log) => {
            const payload = log.payload as Payload;
            return (
              <tr key={log.id}>
                <td>{formatTime(log.createdAt)}</td>
                <td>{payload.applicationId ?? '—'}</td>
                <td>
                  <code>{JSON.stringify(payload.context ?? {})}</code>
                </td>
                <td>
                  <Link to={`/logs/${log.id}`}>Details</Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <table>
        <caption>Token exchanges</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Application</th>
            <th scope="col">Result</th>
            <th scope="col">Scopes or reason</th>
            <th scope="col">Actor (act)</th>
            <th scope="col">Log</th>
          </tr>
        </thead>
        <tbody>
          {exchanges.data?.items.map((log) => {
            const payload = log.payload as Payload;
            const ok = payload.result === 'Success';
            return (
              <tr key={log.id}>
                <td>{formatTime(log.createdAt)}</td>
                <td>{payload.applicationId ?? '—'}</td>
                <td>{ok ? 'Succeeded' : 'Refused'}</td>
                <td>
                  {ok
                    ? (payload.grantedScopes ?? []).join(' ')
                    : [payload.error?.code, payload.error?.reason ?? payload.error?.description]
                        .filter(Boolean)
                        .join(': ')}
                </td>
                <td>{payload.actorId ?? '—'}</td>
                <td>
                  <Link to={`/logs/${log.id}`}>Details</Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { unwrapPage } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Table, type Column } from '@shared/ui/Table';
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

type Log = { id: string; createdAt: number; payload: unknown };
const payloadOf = (log: Log) => log.payload as Payload;
const succeeded = (log: Log) => payloadOf(log).result === 'Success';

const time: Column<Log> = { header: 'Time', cell: (log) => formatTime(log.createdAt) };
const details: Column<Log> = { header: 'Log', cell: (log) => <Link to={`/logs/${log.id}`}>Details</Link> };

const issuedColumns: Column<Log>[] = [
  time,
  { header: 'Requested by', cell: (log) => payloadOf(log).applicationId ?? '—' },
  { header: 'Context', cell: (log) => <code>{JSON.stringify(payloadOf(log).context ?? {})}</code> },
  details,
];

const exchangeColumns: Column<Log>[] = [
  time,
  { header: 'Application', cell: (log) => payloadOf(log).applicationId ?? '—' },
  { header: 'Result', cell: (log) => (succeeded(log) ? 'Succeeded' : 'Refused') },
  {
    header: 'Scopes or reason',
    cell: (log) => {
      const { grantedScopes, error } = payloadOf(log);
      return succeeded(log)
        ? (grantedScopes ?? []).join(' ')
        : [error?.code, error?.reason ?? error?.description].filter(Boolean).join(': ');
    },
  },
  { header: 'Actor (act)', cell: (log) => payloadOf(log).actorId ?? '—' },
  details,
];

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
      <Table
        caption="Subject tokens issued"
        rows={issued.data?.items}
        rowKey={(log) => log.id}
        columns={issuedColumns}
      />
      <Table
        caption="Token exchanges"
        rows={exchanges.data?.items}
        rowKey={(log) => log.id}
        columns={exchangeColumns}
      />
    </section>
  );
}

import { AuditedReveal } from '../ui/AuditedReveal';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { formatTime, keys, useApi } from '../ui/api';
import { CopyButton } from '../ui/CopyButton';

/**
 * The named secrets of a confidential application. Reading them is an audited reveal on the
 * service, so they are fetched only when asked for, and dropped from memory once hidden.
 */
export function ApplicationSecrets({ appId }: { appId: string }) {
  const api = useApi();
  const [shown, setShown] = useState(false);
  const query = useQuery({
    queryKey: [...keys.applications, appId, 'secrets'],
    queryFn: () => unwrap(api.GET('/api/applications/{id}/secrets', { params: { path: { id: appId } } })),
    enabled: shown,
    gcTime: 0,
    staleTime: 0,
  });
  return (
    <section className="panel" aria-labelledby="app-secrets">
      <h2 id="app-secrets">App secrets</h2>
      <AuditedReveal shown={shown} onShownChange={setShown} what="secrets" revealLabel="Reveal secrets">
        <Alert error={query.error} />
        <table>
          <caption className="visually-hidden">App secrets</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
              <th scope="col">Expires</th>
            </tr>
          </thead>
          <tbody>
            {(query.data ?? []).map((secret) => (
              <tr key={secret.name}>
                <td>{secret.name}</td>
                <td>
                  {secret.value === null ? (
                    <span className="muted">Not readable: only its digest is kept</span>
                  ) : (
                    <>
                      <code aria-label={`Value of ${secret.name}`}>{secret.value}</code>{' '}
                      <CopyButton value={secret.value} label={`Copy ${secret.name}`} />
                    </>
                  )}
                </td>
                <td>{secret.expiresAt === null ? 'Never' : formatTime(secret.expiresAt)}</td>
              </tr>
            ))}
            {query.data?.length === 0 ? (
              <tr>
                <td colSpan={3} className="muted">
                  No named secrets.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </AuditedReveal>
    </section>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { unwrap, unwrapPage } from '@shared/api/client';
import { formatTime, keys, useApi } from '../ui/api';
import { Alert } from '@shared/ui/Alert';
import { Field } from '@shared/ui/Field';

const DAY = 24 * 3600 * 1000;

export function Invitations({ organizationId }: { organizationId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const invitationsKey = [...keys.organizations, organizationId, 'invitations'];
  const invitations = useQuery({
    queryKey: invitationsKey,
    queryFn: () =>
      unwrapPage(
        api.GET('/api/organization-invitations', {
          params: { query: { organizationId, page: 1, page_size: 100 } },
        }),
      ),
  });
  const [invitee, setInvitee] = useState('');
  const [days, setDays] = useState('7');
  const invite = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/organization-invitations', {
          body: { invitee, organizationId, expiresAt: Date.now() + Number(days) * DAY },
        }),
      ),
    onSuccess: () => (setInvitee(''), queryClient.invalidateQueries({ queryKey: invitationsKey })),
  });
  const revoke = useMutation({
    mutationFn: (id: string) =>
      unwrap(
        api.PUT('/api/organization-invitations/{id}/status', {
          params: { path: { id } },
          body: { status: 'Revoked' },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  return (
    <section className="panel" aria-labelledby="org-invitations">
      <h2 id="org-invitations">Invitations</h2>
      <table>
        <caption>Invitations</caption>
        <thead>
          <tr>
            <th scope="col">Invitee</th>
            <th scope="col">Status</th>
            <th scope="col">Expires</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {invitations.data?.items.map((invitation) => (
            <tr key={invitation.id}>
              <td>{invitation.invitee}</td>
              <td>{invitation.status}</td>
              <td>{formatTime(invitation.expiresAt)}</td>
              <td>
                {invitation.status === 'Pending' ? (
                  <button
                    type="button"
                    aria-label={`Revoke invitation of ${invitation.invitee}`}
                    onClick={() => revoke.mutate(invitation.id)}
                  >
                    Revoke
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form className="row" onSubmit={submit} aria-label="Invite">
        <Field
          label="Invitee e-mail"
          type="email"
          value={invitee}
          onChange={(e) => setInvitee(e.target.value)}
          required
        />
        <Field
          label="Valid for (days)"
          type="number"
          min={1}
          max={365}
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
        <button type="submit">Send invitation</button>
      </form>
      <Alert error={invitations.error ?? invite.error ?? revoke.error} />
    </section>
  );
}

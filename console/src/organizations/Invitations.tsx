import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap, unwrapPage } from '@shared/api/client';
import { Field } from '@shared/ui/Field';
import { RowForm } from '@shared/ui/RowForm';
import { TableSection } from '@shared/ui/TableSection';
import { useZodForm } from '@shared/ui/useZodForm';
import { useListChange } from '../ui/useListChange';
import { formatTime, keys, useApi } from '../ui/api';

const DAY = 24 * 3600 * 1000;

const invitation = z.object({
  invitee: z.email('Enter an e-mail address.'),
  days: z.coerce.number().int().min(1).max(365),
});

export function Invitations({ organizationId }: { organizationId: string }) {
  const api = useApi();
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
  const form = useZodForm(invitation, { invitee: '', days: 7 });
  const invite = useListChange(
    invitationsKey,
    ({ invitee, days }: z.output<typeof invitation>) =>
      unwrap(
        api.POST('/api/organization-invitations', {
          body: { invitee, organizationId, expiresAt: Date.now() + days * DAY },
        }),
      ),
    () => form.resetField('invitee'),
  );
  const revoke = useListChange(invitationsKey, (id: string) =>
    unwrap(
      api.PUT('/api/organization-invitations/{id}/status', {
        params: { path: { id } },
        body: { status: 'Revoked' },
      }),
    ),
  );
  const { errors } = form.formState;
  return (
    <TableSection
      id="org-invitations"
      title="Invitations"
      rows={invitations.data?.items}
      rowKey={(row) => row.id}
      error={invitations.error ?? invite.error ?? revoke.error}
      columns={[
        { header: 'Invitee', cell: (row) => row.invitee },
        { header: 'Status', cell: (row) => row.status },
        { header: 'Expires', cell: (row) => formatTime(row.expiresAt) },
        {
          header: 'Actions',
          cell: (row) =>
            row.status === 'Pending' ? (
              <button
                type="button"
                aria-label={`Revoke invitation of ${row.invitee}`}
                onClick={() => revoke.mutate(row.id)}
              >
                Revoke
              </button>
            ) : null,
        },
      ]}
    >
      <RowForm
        label="Invite"
        submitLabel="Send invitation"
        onSubmit={form.handleSubmit((values) => invite.mutate(values))}
      >
        <Field
          label="Invitee e-mail"
          type="email"
          required
          error={errors.invitee?.message}
          {...form.register('invitee')}
        />
        <Field
          label="Valid for (days)"
          type="number"
          min={1}
          max={365}
          error={errors.days?.message}
          {...form.register('days')}
        />
      </RowForm>
    </TableSection>
  );
}

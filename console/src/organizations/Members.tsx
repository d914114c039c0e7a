import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { unwrap, unwrapPage } from '@shared/api/client';
import { OneFieldForm } from '@shared/ui/RowForm';
import { TableSection } from '@shared/ui/TableSection';
import { useListChange } from '../ui/useListChange';
import { keys, useApi } from '../ui/api';

/** The organization's users with their organization roles: add by user ID, remove, assign roles. */
export function Members({ organizationId }: { organizationId: string }) {
  const api = useApi();
  const membersKey = [...keys.organizations, organizationId, 'members'];
  const members = useQuery({
    queryKey: membersKey,
    queryFn: () =>
      unwrapPage(
        api.GET('/api/organizations/{id}/users', {
          params: { path: { id: organizationId }, query: { page: 1, page_size: 100 } },
        }),
      ),
  });
  const roles = useQuery({
    queryKey: [...keys.organizations, 'template', 'roles'],
    queryFn: () =>
      unwrapPage(api.GET('/api/organization-roles', { params: { query: { page: 1, page_size: 100 } } })),
  });
  const path = (userId: string) => ({ path: { id: organizationId, userId } });
  const add = useListChange(membersKey, (userId: string) =>
    unwrap(
      api.POST('/api/organizations/{id}/users', {
        params: { path: { id: organizationId } },
        body: { userIds: [userId] },
      }),
    ),
  );
  const remove = useListChange(membersKey, (userId: string) =>
    unwrap(api.DELETE('/api/organizations/{id}/users/{userId}', { params: path(userId) })),
  );
  const assign = useListChange(membersKey, ({ userId, roleId }: { userId: string; roleId: string }) =>
    unwrap(
      api.POST('/api/organizations/{id}/users/{userId}/roles', {
        params: path(userId),
        body: { organizationRoleIds: [roleId] },
      }),
    ),
  );
  type Member = NonNullable<typeof members.data>['items'][number];
  const nameOf = (member: Member) => member.username ?? member.primaryEmail ?? member.id;
  return (
    <TableSection
      id="org-members"
      title="Members"
      rows={members.data?.items}
      rowKey={(member) => member.id}
      error={members.error ?? add.error ?? remove.error ?? assign.error}
      columns={[
        { header: 'User', cell: (member) => <Link to={`/users/${member.id}`}>{nameOf(member)}</Link> },
        {
          header: 'Organization roles',
          cell: (member) => (
            <>
              {member.organizationRoles.map((role) => role.name).join(', ') || '—'}{' '}
              <select
                aria-label={`Add an organization role to ${nameOf(member)}`}
                value=""
                onChange={(e) =>
                  e.target.value && assign.mutate({ userId: member.id, roleId: e.target.value })
                }
              >
                <option value="">Add role…</option>
                {roles.data?.items
                  // Users hold user roles only; machine-to-machine roles are for applications.
                  .filter((role) => role.type === 'User')
                  .filter((role) => !member.organizationRoles.some((held) => held.id === role.id))
                  .map((role) => (
                    <option key={role.id} value={role.id}>
                      {role.name}
                    </option>
                  ))}
              </select>
            </>
          ),
        },
        {
          header: 'Actions',
          cell: (member) => (
            <button
              type="button"
              aria-label={`Remove member ${nameOf(member)}`}
              onClick={() => remove.mutate(member.id)}
            >
              Remove
            </button>
          ),
        },
      ]}
    >
      <OneFieldForm
        label="Add member"
        fieldLabel="User ID to add"
        submitLabel="Add member"
        onAdd={(userId) => add.mutateAsync(userId)}
      />
    </TableSection>
  );
}

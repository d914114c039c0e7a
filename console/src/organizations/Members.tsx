import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { unwrap, unwrapPage } from '@shared/api/client';
import { keys, useApi } from '../ui/api';
import { Alert } from '@shared/ui/Alert';
import { Field } from '@shared/ui/Field';

/** The organization's users with their organization roles: add by user ID, remove, assign roles. */
export function Members({ organizationId }: { organizationId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
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
  const refresh = () => queryClient.invalidateQueries({ queryKey: membersKey });
  const [userId, setUserId] = useState('');
  const add = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/organizations/{id}/users', {
          params: { path: { id: organizationId } },
          body: { userIds: [userId.trim()] },
        }),
      ),
    onSuccess: () => (setUserId(''), refresh()),
  });
  const remove = useMutation({
    mutationFn: (memberId: string) =>
      unwrap(
        api.DELETE('/api/organizations/{id}/users/{userId}', {
          params: { path: { id: organizationId, userId: memberId } },
        }),
      ),
    onSuccess: refresh,
  });
  const assign = useMutation({
    mutationFn: ({ memberId, roleId }: { memberId: string; roleId: string }) =>
      unwrap(
        api.POST('/api/organizations/{id}/users/{userId}/roles', {
          params: { path: { id: organizationId, userId: memberId } },
          body: { organizationRoleIds: [roleId] },
        }),
      ),
    onSuccess: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <section className="panel" aria-labelledby="org-members">
      <h2 id="org-members">Members</h2>
      <table>
        <caption>Members</caption>
        <thead>
          <tr>
            <th scope="col">User</th>
            <th scope="col">Organization roles</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {members.data?.items.map((member) => {
            const name = member.username ?? member.primaryEmail ?? member.id;
            return (
              <tr key={member.id}>
                <td>
                  <Link to={`/users/${member.id}`}>{name}</Link>
                </td>
                <td>
                  {member.organizationRoles.map((role) => role.name).join(', ') || '—'}{' '}
                  <select
                    aria-label={`Add an organization role to ${name}`}
                    value=""
                    onChange={(e) =>
                      e.target.value && assign.mutate({ memberId: member.id, roleId: e.target.value })
                    }
                  >
                    <option value="">Add role…</option>
                    {roles.data?.items
                      .filter((role) => !member.organizationRoles.some((held) => held.id === role.id))
                      .map((role) => (
                        <option key={role.id} value={role.id}>
                          {role.name}
                        </option>
                      ))}
                  </select>
                </td>
                <td>
                  <button
                    type="button"
                    aria-label={`Remove member ${name}`}
                    onClick={() => remove.mutate(member.id)}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <form className="row" onSubmit={submit} aria-label="Add member">
        <Field label="User ID to add" value={userId} onChange={(e) => setUserId(e.target.value)} required />
        <button type="submit">Add member</button>
      </form>
      <Alert error={members.error ?? add.error ?? remove.error ?? assign.error} />
    </section>
  );
}

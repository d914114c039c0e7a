import { useQuery } from '@tanstack/react-query';
import { unwrapPage } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Select } from '@shared/ui/Field';
import { oneChoice, useZodForm } from '@shared/ui/useZodForm';
import { useListChange } from './useListChange';
import { keys, useApi } from './api';

interface Role {
  id: string;
  name: string;
}

/**
 * The roles a user or a machine-to-machine application holds: listed, assigned from the roles of
 * the matching type, removed. The caller supplies the three calls of its own API paths.
 */
export function RoleAssignments({
  title,
  roleType,
  queryKey,
  list,
  assign,
  unassign,
}: {
  title: string;
  roleType: 'User' | 'MachineToMachine';
  queryKey: readonly unknown[];
  list: () => Promise<{ items: Role[] }>;
  assign: (roleId: string) => Promise<unknown>;
  unassign: (roleId: string) => Promise<unknown>;
}) {
  const api = useApi();
  const assigned = useQuery({ queryKey, queryFn: list });
  const available = useQuery({
    queryKey: [...keys.roles, roleType],
    queryFn: () =>
      unwrapPage(api.GET('/api/roles', { params: { query: { type: roleType, page: 1, page_size: 100 } } })),
  });
  const form = useZodForm(oneChoice, { value: '' });
  const roleId = form.watch('value');
  const add = useListChange(queryKey, assign, () => form.reset());
  const remove = useListChange(queryKey, unassign);
  const held = new Set(assigned.data?.items.map((role) => role.id));
  const headingId = `roles-${roleType}`;
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <ul>
        {assigned.data?.items.map((role) => (
          <li key={role.id}>
            {role.name}{' '}
            <button
              type="button"
              onClick={() => remove.mutate(role.id)}
              aria-label={`Remove role ${role.name}`}
            >
              Remove
            </button>
          </li>
        ))}
        {assigned.data?.items.length === 0 ? <li className="muted">No roles.</li> : null}
      </ul>
      <div className="row">
        <Select
          label="Role to assign"
          options={[
            { value: '', label: 'Choose a role' },
            ...(available.data?.items ?? [])
              .filter((role) => !held.has(role.id))
              .map((role) => ({ value: role.id, label: role.name })),
          ]}
          {...form.register('value')}
        />
        <button type="button" disabled={!roleId} onClick={() => add.mutate(roleId)}>
          Assign role
        </button>
      </div>
      <Alert error={assigned.error ?? add.error ?? remove.error} />
    </section>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { unwrap, unwrapPage } from '@shared/api/client';
import { keys, useApi } from '../ui/api';
import { ErrorNotice } from '../ui/ErrorNotice';
import { Select } from '../ui/Field';

/** A machine-to-machine application's roles: what its client-credentials tokens may do. */
export function ApplicationRoles({ appId }: { appId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const roleKey = [...keys.applications, appId, 'roles'];
  const assigned = useQuery({
    queryKey: roleKey,
    queryFn: () =>
      unwrapPage(api.GET('/api/applications/{id}/roles', { params: { path: { id: appId }, query: { page: 1, page_size: 100 } } })),
  });
  const available = useQuery({
    queryKey: [...keys.roles, 'MachineToMachine'],
    queryFn: () => unwrapPage(api.GET('/api/roles', { params: { query: { type: 'MachineToMachine', page: 1, page_size: 100 } } })),
  });
  const [roleId, setRoleId] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: roleKey });
  const assign = useMutation({
    mutationFn: () =>
      unwrap(api.POST('/api/applications/{id}/roles', { params: { path: { id: appId } }, body: { roleIds: [roleId] } })),
    onSuccess: refresh,
  });
  const unassign = useMutation({
    mutationFn: (id: string) =>
      unwrap(api.DELETE('/api/applications/{id}/roles/{roleId}', { params: { path: { id: appId, roleId: id } } })),
    onSuccess: refresh,
  });
  const held = new Set(assigned.data?.items.map((role) => role.id));
  const options = (available.data?.items ?? []).filter((role) => !held.has(role.id));
  return (
    <section className="panel" aria-labelledby="m2m-roles">
      <h2 id="m2m-roles">Machine-to-machine roles</h2>
      <ul>
        {assigned.data?.items.map((role) => (
          <li key={role.id}>
            {role.name}{' '}
            <button type="button" onClick={() => unassign.mutate(role.id)} aria-label={`Remove role ${role.name}`}>
              Remove
            </button>
          </li>
        ))}
        {assigned.data?.items.length === 0 ? <li className="muted">No roles.</li> : null}
      </ul>
      <div className="row">
        <Select
          label="Role to assign"
          value={roleId}
          onChange={(e) => setRoleId(e.target.value)}
          options={[{ value: '', label: 'Choose a role' }, ...options.map((role) => ({ value: role.id, label: role.name }))]}
        />
        <button type="button" disabled={!roleId} onClick={() => assign.mutate()}>
          Assign role
        </button>
      </div>
      <ErrorNotice error={assigned.error ?? assign.error ?? unassign.error} />
    </section>
  );
}

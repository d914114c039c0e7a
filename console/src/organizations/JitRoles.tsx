import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { unwrap, unwrapPage } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { keys, useApi } from '../ui/api';

/** The organization roles a just-in-time member is given; ticking a box saves the new set. */
export function JitRoles({ organizationId }: { organizationId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const rolesKey = [...keys.organizations, organizationId, 'jit-roles'];
  const assigned = useQuery({
    queryKey: rolesKey,
    queryFn: () =>
      unwrap(api.GET('/api/organizations/{id}/jit/roles', { params: { path: { id: organizationId } } })),
  });
  const roles = useQuery({
    queryKey: [...keys.organizations, 'template', 'roles'],
    queryFn: () =>
      unwrapPage(api.GET('/api/organization-roles', { params: { query: { page: 1, page_size: 100 } } })),
  });
  const save = useMutation({
    mutationFn: (organizationRoleIds: string[]) =>
      unwrap(
        api.PUT('/api/organizations/{id}/jit/roles', {
          params: { path: { id: organizationId } },
          body: { organizationRoleIds },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKey }),
    onSettled: () => setSaving(null),
  });
  // While a change is saved the boxes show it at once (set in the click itself, so the controlled
  // box never renders the old state in between); the saved set wins once it is read back.
  const [saving, setSaving] = useState<string[] | null>(null);
  const current = new Set(saving ?? assigned.data?.map((role) => role.id));
  const toggle = (roleId: string, on: boolean) => {
    const next = new Set(current);
    if (on) next.add(roleId);
    else next.delete(roleId);
    setSaving([...next]);
    save.mutate([...next]);
  };
  return (
    <section className="panel" aria-labelledby="org-jit-roles">
      <h2 id="org-jit-roles">Default organization roles</h2>
      <p className="muted">Given to every user who joins this organization just in time.</p>
      {roles.data?.items.map((role) => (
        <label key={role.id} className="check">
          <input
            type="checkbox"
            checked={current.has(role.id)}
            disabled={saving !== null || !assigned.data}
            onChange={(event) => toggle(role.id, event.target.checked)}
          />{' '}
          {role.name}
        </label>
      ))}
      {roles.data?.items.length === 0 ? (
        <p className="muted">No organization roles yet: define them in the organization template.</p>
      ) : null}
      <Alert error={assigned.error ?? roles.error ?? save.error} />
    </section>
  );
}

import { unwrap, unwrapPage } from '@shared/api/client';
import { keys, useApi } from '../ui/api';
import { RoleAssignments } from '../ui/RoleAssignments';

/** A machine-to-machine application's roles: what its client-credentials tokens may do. */
export function ApplicationRoles({ appId }: { appId: string }) {
  const api = useApi();
  const path = { path: { id: appId } };
  return (
    <RoleAssignments
      title="Machine-to-machine roles"
      roleType="MachineToMachine"
      queryKey={[...keys.applications, appId, 'roles']}
      list={() =>
        unwrapPage(
          api.GET('/api/applications/{id}/roles', {
            params: { ...path, query: { page: 1, page_size: 100 } },
          }),
        )
      }
      assign={(roleId) =>
        unwrap(api.POST('/api/applications/{id}/roles', { params: path, body: { roleIds: [roleId] } }))
      }
      unassign={(roleId) =>
        unwrap(
          api.DELETE('/api/applications/{id}/roles/{roleId}', { params: { path: { id: appId, roleId } } }),
        )
      }
    />
  );
}

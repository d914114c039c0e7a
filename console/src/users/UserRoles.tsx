import { unwrap, unwrapPage } from '@shared/api/client';
import { keys, useApi } from '../ui/api';
import { RoleAssignments } from '../ui/RoleAssignments';

export function UserRoles({ userId }: { userId: string }) {
  const api = useApi();
  const path = { path: { userId } };
  return (
    <RoleAssignments
      title="Roles"
      roleType="User"
      queryKey={[...keys.users, userId, 'roles']}
      list={() =>
        unwrapPage(
          api.GET('/api/users/{userId}/roles', { params: { ...path, query: { page: 1, page_size: 100 } } }),
        )
      }
      assign={(roleId) =>
        unwrap(api.POST('/api/users/{userId}/roles', { params: path, body: { roleIds: [roleId] } }))
      }
      unassign={(roleId) =>
        unwrap(api.DELETE('/api/users/{userId}/roles/{roleId}', { params: { path: { userId, roleId } } }))
      }
    />
  );
}

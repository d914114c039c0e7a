import type { paths } from '@shared/api/schema';
import { every } from '../ui/every';

export type ScopeType =
  'organization-scopes' | 'resource-scopes' | 'organization-resource-scopes' | 'user-scopes';

export type Body = NonNullable<
  paths['/api/applications/{id}/user-consent-scopes']['post']['requestBody']
>['content']['application/json'];
export type UserScope = NonNullable<Body['userScopes']>[number];

export const userScopes = every<UserScope>()([
  'profile',
  'email',
  'phone',
  'address',
  'custom_data',
  'identities',
  'roles',
  'urn:logto:scope:organizations',
  'urn:logto:scope:organization_roles',
]);

interface Assigned {
  userScopes: string[];
  resourceScopes: Group[];
  organizationResourceScopes: Group[];
  organizationScopes: { id: string; name: string }[];
}
interface Group {
  resource: { name: string };
  scopes: { id: string; name: string }[];
}

/** Every assigned permission as one removable line. */
export function permissionItems(
  data: Assigned | undefined,
): { type: ScopeType; id: string; label: string }[] {
  const ofResources = (groups: Group[], type: ScopeType, suffix: string) =>
    groups.flatMap(({ resource, scopes }) =>
      scopes.map((scope) => ({ type, id: scope.id, label: `${resource.name}${suffix}: ${scope.name}` })),
    );
  return [
    ...(data?.userScopes ?? []).map((scope) => ({
      type: 'user-scopes' as const,
      id: scope,
      label: `User data: ${scope}`,
    })),
    ...ofResources(data?.resourceScopes ?? [], 'resource-scopes', ''),
    ...ofResources(
      data?.organizationResourceScopes ?? [],
      'organization-resource-scopes',
      ' (in organizations)',
    ),
    ...(data?.organizationScopes ?? []).map((scope) => ({
      type: 'organization-scopes' as const,
      id: scope.id,
      label: `Organization: ${scope.name}`,
    })),
  ];
}

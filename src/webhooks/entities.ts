import type { Selectable } from 'kysely';
import type {
  ApplicationsTable,
  ApplicationType,
  RolesTable,
  RoleType,
  ScopesTable,
  UsersTable,
} from '../storage/tables/core.js';

/** Entity shapes of webhook payloads: exactly the members of the specification's entity table. */
export interface UserEntity {
  id: string;
  username?: string;
  primaryEmail?: string;
  primaryPhone?: string;
  name?: string;
  avatar?: string;
  customData?: Record<string, unknown>;
  identities?: Record<string, unknown>;
  lastSignInAt?: string;
  createdAt?: string;
  applicationId?: string;
  isSuspended?: boolean;
}

export interface ApplicationEntity {
  id: string;
  type: ApplicationType;
  name: string;
  description?: string;
}

export interface RoleEntity {
  id: string;
  name: string;
  description: string;
  type: RoleType;
  isDefault: boolean;
}

export interface ScopeEntity {
  id: string;
  name: string;
  description: string;
  resourceId: string;
  createdAt: number;
}

type UserRow = Omit<
  Selectable<UsersTable>,
  'password_hash' | 'password_algorithm' | 'profile' | 'updated_at'
>;

/** Null members are omitted: the specification marks them optional, not nullable. */
export function toUserEntity(user: UserRow): UserEntity {
  return {
    id: user.id,
    ...present('username', user.username),
    ...present('primaryEmail', user.primary_email),
    ...present('primaryPhone', user.primary_phone),
    ...present('name', user.name),
    ...present('avatar', user.avatar),
    customData: user.custom_data,
    identities: user.identities,
    ...present('lastSignInAt', user.last_sign_in_at?.toISOString()),
    createdAt: user.created_at.toISOString(),
    ...present('applicationId', user.application_id),
    isSuspended: user.is_suspended,
  };
}

export function toApplicationEntity(
  app: Pick<Selectable<ApplicationsTable>, 'id' | 'type' | 'name' | 'description'>,
): ApplicationEntity {
  return { id: app.id, type: app.type, name: app.name, ...present('description', app.description) };
}

export function toRoleEntity(role: Selectable<RolesTable>): RoleEntity {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    type: role.type,
    isDefault: role.is_default,
  };
}

export function toScopeEntity(scope: Selectable<ScopesTable>): ScopeEntity {
  return {
    id: scope.id,
    name: scope.name,
    description: scope.description ?? '',
    resourceId: scope.resource_id,
    createdAt: scope.created_at.getTime(),
  };
}

function present<K extends string, V>(key: K, value: V | null | undefined): { [P in K]?: V } {
  return (value === null || value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

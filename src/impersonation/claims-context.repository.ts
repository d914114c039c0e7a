import type { Db } from '../storage/database.js';
import { executePrepared } from '../storage/prepared-statement.js';

export interface UserClaimsContext {
  id: string;
  username: string | null;
  primaryEmail: string | null;
  primaryPhone: string | null;
  name: string | null;
  avatar: string | null;
  profile: Record<string, unknown>;
  customData: Record<string, unknown>;
  /** Linked identities by target, with the remote user id only: details may hold provider data. */
  identities: Record<string, { userId: unknown }>;
  applicationId: string | null;
  isSuspended: boolean;
  hasPassword: boolean;
  lastSignInAt: number | null;
  createdAt: number;
  updatedAt: number;
  roles: Array<{
    id: string;
    name: string;
    description: string;
    scopes: Array<{
      id: string;
      name: string;
      description: string | null;
      resourceId: string;
      resource: { id: string; name: string; indicator: string };
    }>;
  }>;
  organizations: Array<{
    id: string;
    name: string;
    description: string | null;
    roles: Array<{ id: string; name: string }>;
  }>;
}

// Roles with their scopes and organizations with the user's roles in each, nested as JSON, so the
// whole context is one round trip on every scripted token.
const contextStatement = `
  SELECT u.id, u.username, u.primary_email, u.primary_phone, u.name, u.avatar, u.profile,
    u.custom_data, u.identities, u.application_id, u.is_suspended,
    u.password_hash IS NOT NULL AS has_password, u.last_sign_in_at, u.created_at, u.updated_at,
    (SELECT coalesce(json_agg(json_build_object(
        'id', r.id, 'name', r.name, 'description', r.description,
        'scopes', (SELECT coalesce(json_agg(json_build_object(
            'id', s.id, 'name', s.name, 'description', s.description, 'resourceId', res.id,
            'resource', json_build_object('id', res.id, 'name', res.name, 'indicator', res.indicator)
          ) ORDER BY s.name), '[]')
          FROM roles_scopes AS rs
          JOIN scopes AS s ON s.id = rs.scope_id
          JOIN resources AS res ON res.id = s.resource_id
          WHERE rs.role_id = r.id)
      ) ORDER BY r.name), '[]')
      FROM users_roles AS ur JOIN roles AS r ON r.id = ur.role_id
      WHERE ur.user_id = u.id) AS roles,
    (SELECT coalesce(json_agg(json_build_object(
        'id', o.id, 'name', o.name, 'description', o.description,
        'roles', (SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.name), '[]')
          FROM organization_user_roles AS our
          JOIN organization_roles AS r ON r.id = our.organization_role_id
          WHERE our.organization_id = ou.organization_id AND our.user_id = ou.user_id)
      ) ORDER BY o.name), '[]')
      FROM organization_users AS ou JOIN organizations AS o ON o.id = ou.organization_id
      WHERE ou.user_id = u.id) AS organizations
  FROM users AS u
  WHERE u.id = $1`;

interface ContextRow {
  id: string;
  username: string | null;
  primary_email: string | null;
  primary_phone: string | null;
  name: string | null;
  avatar: string | null;
  profile: Record<string, unknown>;
  custom_data: Record<string, unknown>;
  identities: Record<string, unknown>;
  application_id: string | null;
  is_suspended: boolean;
  has_password: boolean;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  roles: UserClaimsContext['roles'];
  organizations: UserClaimsContext['organizations'];
}

/** The user as a custom-claims script sees it: the profile without secrets, roles with scopes. */
export async function loadUserClaimsContext(db: Db, userId: string): Promise<UserClaimsContext | undefined> {
  const [user] = await executePrepared<ContextRow>(db, 'tessera_user_claims_context', contextStatement, [
    userId,
  ]);
  if (!user) return undefined;
  const identities = Object.fromEntries(
    Object.entries(user.identities).map(([target, identity]) => [
      target,
      { userId: (identity as { userId?: unknown } | null)?.userId },
    ]),
  );
  return {
    id: user.id,
    username: user.username,
    primaryEmail: user.primary_email,
    primaryPhone: user.primary_phone,
    name: user.name,
    avatar: user.avatar,
    profile: user.profile,
    customData: user.custom_data,
    identities,
    applicationId: user.application_id,
    isSuspended: user.is_suspended,
    hasPassword: user.has_password,
    lastSignInAt: user.last_sign_in_at?.getTime() ?? null,
    createdAt: user.created_at.getTime(),
    updatedAt: user.updated_at.getTime(),
    roles: user.roles,
    organizations: user.organizations,
  };
}

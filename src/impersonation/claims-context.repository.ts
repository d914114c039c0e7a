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

const epochMs = (column: string) => `floor(extract(epoch FROM ${column}) * 1000)::bigint`;

/**
 * The context of the user whose id is the SQL expression `userId`, as one JSON value (null when
 * there is no such user): roles with their scopes and organizations with the user's roles in each,
 * nested, so the whole context is one scalar subquery, read on its own or inside another statement
 * (the token exchange reads it in the statement that consumes the subject token).
 */
export function userClaimsContextJson(userId: string): string {
  return `(SELECT json_build_object(
    'id', u.id, 'username', u.username, 'primaryEmail', u.primary_email,
    'primaryPhone', u.primary_phone, 'name', u.name, 'avatar', u.avatar, 'profile', u.profile,
    'customData', u.custom_data, 'identities', u.identities, 'applicationId', u.application_id,
    'isSuspended', u.is_suspended, 'hasPassword', u.password_hash IS NOT NULL,
    'lastSignInAt', ${epochMs('u.last_sign_in_at')}, 'createdAt', ${epochMs('u.created_at')},
    'updatedAt', ${epochMs('u.updated_at')},
    'roles', (SELECT coalesce(json_agg(json_build_object(
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
      WHERE ur.user_id = u.id),
    'organizations', (SELECT coalesce(json_agg(json_build_object(
        'id', o.id, 'name', o.name, 'description', o.description,
        'roles', (SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.name), '[]')
          FROM organization_user_roles AS our
          JOIN organization_roles AS r ON r.id = our.organization_role_id
          WHERE our.organization_id = ou.organization_id AND our.user_id = ou.user_id)
      ) ORDER BY o.name), '[]')
      FROM organization_users AS ou JOIN organizations AS o ON o.id = ou.organization_id
      WHERE ou.user_id = u.id)
  ) FROM users AS u WHERE u.id = ${userId})`;
}

/** The context as `userClaimsContextJson` reads it; the identities keep the remote user id only. */
export type UserClaimsContextJson = Omit<UserClaimsContext, 'identities'> & {
  identities: Record<string, unknown>;
};

export function toUserClaimsContext(read: UserClaimsContextJson): UserClaimsContext {
  const identities = Object.fromEntries(
    Object.entries(read.identities).map(([target, identity]) => [
      target,
      { userId: (identity as { userId?: unknown } | null)?.userId },
    ]),
  );
  return { ...read, identities };
}

/** The user as a custom-claims script sees it: the profile without secrets, roles with scopes. */
export async function loadUserClaimsContext(db: Db, userId: string): Promise<UserClaimsContext | undefined> {
  const [row] = await executePrepared<{ context: UserClaimsContextJson | null }>(
    db,
    'tessera_user_claims_context',
    `SELECT ${userClaimsContextJson('$1')} AS context`,
    [userId],
  );
  return row?.context ? toUserClaimsContext(row.context) : undefined;
}

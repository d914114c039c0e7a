import { sql, type Kysely } from 'kysely';
import { pageWithTotal } from '../storage/paging.js';
import type { Database } from '../storage/schema.js';
import { toUserProfileResponse } from '../users/user-response.js';
import { likePattern } from '../http/route-schemas.js';
import type { OrganizationUser } from './schemas.js';

type Db = Kysely<Database>;
interface Page {
  limit: number;
  offset: number;
  search?: string;
}

/** One page of an organization's users, each with the organization roles it holds there. */
export async function listUserMembers(
  db: Db,
  organizationId: string,
  { limit, offset, search }: Page,
): Promise<{ total: number; entities: OrganizationUser[] }> {
  let query = db
    .selectFrom('organization_users as ou')
    .innerJoin('users as u', 'u.id', 'ou.user_id')
    .where('ou.organization_id', '=', organizationId);
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) =>
      eb.or(
        (['u.id', 'u.username', 'u.primary_email', 'u.primary_phone', 'u.name'] as const).map((column) =>
          eb(column, 'ilike', pattern),
        ),
      ),
    );
  }
  const { total, rows: users } = await pageWithTotal(query, (q) => q.selectAll('u').orderBy('ou.user_id'), {
    limit,
    offset,
  });
  const roles = users.length
    ? await db
        .selectFrom('organization_user_roles as ur')
        .innerJoin('organization_roles as r', 'r.id', 'ur.organization_role_id')
        .select(['ur.user_id', 'r.id', 'r.name'])
        .where('ur.organization_id', '=', organizationId)
        .where(
          'ur.user_id',
          'in',
          users.map((user) => user.id),
        )
        .orderBy('r.name')
        .execute()
    : [];
  const entities = users.map((u) => ({
    ...toUserProfileResponse(u),
    organizationRoles: roles.filter((r) => r.user_id === u.id).map((r) => ({ id: r.id, name: r.name })),
  }));
  return { total, entities };
}

/** One page of an organization's applications, whole rows, each with its organization roles there. */
export async function listApplicationMembers(
  db: Db,
  organizationId: string,
  { limit, offset, search }: Page,
) {
  let query = db
    .selectFrom('organization_applications as oa')
    .innerJoin('applications as a', 'a.id', 'oa.application_id')
    .where('oa.organization_id', '=', organizationId);
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) => eb.or([eb('a.id', 'ilike', pattern), eb('a.name', 'ilike', pattern)]));
  }
  const { total, rows } = await pageWithTotal(query, (q) => q.selectAll('a').orderBy('oa.application_id'), {
    limit,
    offset,
  });
  const roles = rows.length
    ? await db
        .selectFrom('organization_application_roles as ar')
        .innerJoin('organization_roles as r', 'r.id', 'ar.organization_role_id')
        .select(['ar.application_id', 'r.id', 'r.name'])
        .where('ar.organization_id', '=', organizationId)
        .where(
          'ar.application_id',
          'in',
          rows.map((a) => a.id),
        )
        .orderBy('r.name')
        .execute()
    : [];
  const entities = rows.map((a) => ({
    application: a,
    organizationRoles: roles
      .filter((r) => r.application_id === a.id)
      .map((r) => ({ id: r.id, name: r.name })),
  }));
  return { total, entities };
}

/**
 * For each organization, its member count and its first `perOrganization` members (oldest
 * membership first), as Logto's `showFeatured` list shows them; one statement for a whole page.
 */
export async function featuredMembers(db: Db, organizationIds: readonly string[], perOrganization = 3) {
  if (organizationIds.length === 0) return new Map<string, Featured>();
  const { rows } = await sql<{
    organization_id: string;
    users_count: string;
    id: string | null;
    name: string | null;
    avatar: string | null;
  }>`
    SELECT o.id AS organization_id,
      (SELECT count(*) FROM organization_users c WHERE c.organization_id = o.id) AS users_count,
      f.id, f.name, f.avatar
    FROM unnest(${organizationIds}::text[]) AS o(id)
    LEFT JOIN LATERAL (
      SELECT u.id, u.name, u.avatar FROM organization_users ou JOIN users u ON u.id = ou.user_id
      WHERE ou.organization_id = o.id ORDER BY ou.created_at, ou.user_id LIMIT ${perOrganization}
    ) f ON true
  `.execute(db);
  const featured = new Map<string, Featured>();
  for (const row of rows) {
    const entry = featured.get(row.organization_id) ?? {
      usersCount: Number(row.users_count),
      featuredUsers: [],
    };
    if (row.id) entry.featuredUsers.push({ id: row.id, name: row.name, avatar: row.avatar });
    featured.set(row.organization_id, entry);
  }
  return featured;
}

interface Featured {
  usersCount: number;
  featuredUsers: { id: string; name: string | null; avatar: string | null }[];
}

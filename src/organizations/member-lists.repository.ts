import type { Kysely } from 'kysely';
import { pageWithTotal } from '../storage/paging.js';
import type { Database } from '../storage/schema.js';
import { toUserProfileResponse } from '../users/user-response.js';
import { likePattern } from '../management/route-schemas.js';
import type { OrganizationApplication, OrganizationUser } from './schemas.js';

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

/** One page of an organization's applications (never their secrets). */
export async function listApplicationMembers(
  db: Db,
  organizationId: string,
  { limit, offset, search }: Page,
): Promise<{ total: number; entities: OrganizationApplication[] }> {
  let query = db
    .selectFrom('organization_applications as oa')
    .innerJoin('applications as a', 'a.id', 'oa.application_id')
    .where('oa.organization_id', '=', organizationId);
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) => eb.or([eb('a.id', 'ilike', pattern), eb('a.name', 'ilike', pattern)]));
  }
  const { total, rows } = await pageWithTotal(
    query,
    (q) =>
      q
        .select(['a.id', 'a.name', 'a.description', 'a.type', 'a.is_third_party', 'a.created_at'])
        .orderBy('oa.application_id'),
    { limit, offset },
  );
  const entities = rows.map((a) => ({
    id: a.id,
    name: a.name,
    description: a.description,
    type: a.type,
    isThirdParty: a.is_third_party,
    createdAt: a.created_at.getTime(),
  }));
  return { total, entities };
}

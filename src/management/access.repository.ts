import type { Db } from '../storage/database.js';

/** The scope names of one API resource that an application holds now through its roles. */
export async function applicationScopeNames(
  db: Db,
  applicationId: string,
  resourceId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('applications_roles as ar')
    .innerJoin('roles_scopes as rs', 'rs.role_id', 'ar.role_id')
    .innerJoin('scopes as s', 's.id', 'rs.scope_id')
    .select('s.name')
    .distinct()
    .where('ar.application_id', '=', applicationId)
    .where('s.resource_id', '=', resourceId)
    .execute();
  return rows.map((row) => row.name);
}

export interface ApplicationStanding {
  type: string;
  isThirdParty: boolean;
}

export async function findApplicationStanding(
  db: Db,
  applicationId: string,
): Promise<ApplicationStanding | undefined> {
  const row = await db
    .selectFrom('applications')
    .select(['type', 'is_third_party'])
    .where('id', '=', applicationId)
    .executeTakeFirst();
  return row && { type: row.type, isThirdParty: row.is_third_party };
}

export async function findUserSuspension(db: Db, userId: string): Promise<boolean | undefined> {
  const row = await db.selectFrom('users').select('is_suspended').where('id', '=', userId).executeTakeFirst();
  return row?.is_suspended;
}

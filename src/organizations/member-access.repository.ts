import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';

type Db = Kysely<Database>;

/** What members are and hold, for the checks and reads beside role assignment. */

/** The ids of `ids` naming applications that are not machine-to-machine. */
export async function nonMachineApplications(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('applications')
    .select('id')
    .where('id', 'in', ids)
    .where('type', '<>', 'MachineToMachine')
    .execute();
  return rows.map((row) => row.id);
}

/** The organization scopes the user's roles in the organization grant, without repeats. */
export async function memberOrganizationScopes(db: Db, organizationId: string, userId: string) {
  return db
    .selectFrom('organization_user_roles as ur')
    .innerJoin('organization_role_scopes as rs', 'rs.organization_role_id', 'ur.organization_role_id')
    .innerJoin('organization_scopes as s', 's.id', 'rs.organization_scope_id')
    .selectAll('s')
    .distinct()
    .where('ur.organization_id', '=', organizationId)
    .where('ur.user_id', '=', userId)
    .orderBy('s.name')
    .execute();
}

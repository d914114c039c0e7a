import type { Db } from '../storage/database.js';

export interface ConsentResourceScopeRow {
  id: string;
  name: string;
  description: string | null;
  resource_id: string;
  resource_name: string;
  indicator: string;
}

export async function existingOrganizationScopeIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('organization_scopes')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The API resource scopes among these ids, with their resource's indicator. */
export async function resourceScopesByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('scopes')
    .innerJoin('resources', 'resources.id', 'scopes.resource_id')
    .select(['scopes.id', 'resources.indicator'])
    .where('scopes.id', 'in', [...ids])
    .execute();
}

export async function organizationScopesOf(db: Db, applicationId: string) {
  return db
    .selectFrom('application_user_consent_organization_scopes as c')
    .innerJoin('organization_scopes as s', 's.id', 'c.organization_scope_id')
    .select(['s.id', 's.name', 's.description'])
    .where('c.application_id', '=', applicationId)
    .orderBy('s.name')
    .execute();
}

export async function resourceScopesOf(
  db: Db,
  applicationId: string,
  forOrganizations: boolean,
): Promise<ConsentResourceScopeRow[]> {
  return db
    .selectFrom('application_user_consent_resource_scopes as c')
    .innerJoin('scopes as s', 's.id', 'c.scope_id')
    .innerJoin('resources as r', 'r.id', 's.resource_id')
    .select([
      's.id',
      's.name',
      's.description',
      'r.id as resource_id',
      'r.name as resource_name',
      'r.indicator',
    ])
    .where('c.application_id', '=', applicationId)
    .where('c.for_organizations', '=', forOrganizations)
    .orderBy('r.name')
    .orderBy('s.name')
    .execute();
}

export async function userScopesOf(db: Db, applicationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('application_user_consent_user_scopes')
    .select('user_scope')
    .where('application_id', '=', applicationId)
    .orderBy('created_at')
    .orderBy('user_scope')
    .execute();
  return rows.map((row) => row.user_scope);
}

/** Whether anything at all is assigned to the application. */
export async function hasConsentScopes(db: Db, applicationId: string): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) =>
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('application_user_consent_user_scopes')
              .select('application_id')
              .where('application_id', '=', applicationId),
          ),
          eb.exists(
            eb
              .selectFrom('application_user_consent_organization_scopes')
              .select('application_id')
              .where('application_id', '=', applicationId),
          ),
          eb.exists(
            eb
              .selectFrom('application_user_consent_resource_scopes')
              .select('application_id')
              .where('application_id', '=', applicationId),
          ),
        ])
        .as('assigned'),
    )
    .executeTakeFirstOrThrow();
  return Boolean(row.assigned);
}

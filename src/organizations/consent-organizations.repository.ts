import type { Db } from '../storage/database.js';

/** The organizations the user is a member of, by name: what the consent page offers. */
export async function userOrganizations(db: Db, userId: string) {
  return db
    .selectFrom('organization_users as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['o.id', 'o.name'])
    .where('m.user_id', '=', userId)
    .orderBy('o.name')
    .orderBy('o.id')
    .execute();
}

/**
 * Adds organizations to those the user lets the application act in; the foreign key into
 * organization_users refuses one the user is not a member of (the caller checked beforehand).
 */
export async function addConsentOrganizations(
  db: Db,
  applicationId: string,
  userId: string,
  organizationIds: readonly string[],
): Promise<void> {
  if (organizationIds.length === 0) return;
  await db
    .insertInto('application_user_consent_organizations')
    .values(
      organizationIds.map((organization_id) => ({
        application_id: applicationId,
        user_id: userId,
        organization_id,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The organizations the user let the application act in (read when issuing organization tokens). */
export async function consentOrganizationIds(
  db: Db,
  applicationId: string,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('application_user_consent_organizations')
    .select('organization_id')
    .where('application_id', '=', applicationId)
    .where('user_id', '=', userId)
    .orderBy('organization_id')
    .execute();
  return rows.map((row) => row.organization_id);
}

import type { Transaction } from 'kysely';
import type { Db } from '../storage/database.js';
import type { Database } from '../storage/schema.js';

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

/**
 * What an organization token needs, in one round trip: the user is a member of the organization,
 * and, when the application is third-party, the user consented to it acting there.
 */
export async function organizationAccess(
  db: Db,
  query: { applicationId: string; userId: string; organizationId: string },
): Promise<{ member: boolean; thirdParty: boolean; consented: boolean }> {
  const { applicationId, userId, organizationId } = query;
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .exists(
          eb
            .selectFrom('organization_users')
            .select('user_id')
            .where('organization_id', '=', organizationId)
            .where('user_id', '=', userId),
        )
        .as('member'),
      eb
        .exists(
          eb
            .selectFrom('applications')
            .select('id')
            .where('id', '=', applicationId)
            .where('is_third_party', '=', true),
        )
        .as('third_party'),
      eb
        .exists(
          eb
            .selectFrom('application_user_consent_organizations')
            .select('organization_id')
            .where('application_id', '=', applicationId)
            .where('user_id', '=', userId)
            .where('organization_id', '=', organizationId),
        )
        .as('consented'),
    ])
    .executeTakeFirstOrThrow();
  return {
    member: Boolean(row.member),
    thirdParty: Boolean(row.third_party),
    consented: Boolean(row.consented),
  };
}

/** A page of the organizations the user let the application act in, oldest consent first. */
export async function listConsentOrganizations(
  db: Db,
  applicationId: string,
  userId: string,
  page: { limit: number; offset: number },
) {
  const consents = db
    .selectFrom('application_user_consent_organizations as c')
    .where('c.application_id', '=', applicationId)
    .where('c.user_id', '=', userId);
  const [count, rows] = await Promise.all([
    consents.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    consents
      .innerJoin('organizations as o', 'o.id', 'c.organization_id')
      .selectAll('o')
      .orderBy('c.created_at')
      .orderBy('o.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { total: Number(count.total), rows };
}

/** Exactly these organizations, no others (the caller checked membership, in its transaction). */
export async function replaceConsentOrganizations(
  trx: Transaction<Database>,
  applicationId: string,
  userId: string,
  organizationIds: readonly string[],
): Promise<void> {
  await trx
    .deleteFrom('application_user_consent_organizations')
    .where('application_id', '=', applicationId)
    .where('user_id', '=', userId)
    .execute();
  await addConsentOrganizations(trx, applicationId, userId, organizationIds);
}

export async function removeConsentOrganization(
  db: Db,
  applicationId: string,
  userId: string,
  organizationId: string,
): Promise<void> {
  await db
    .deleteFrom('application_user_consent_organizations')
    .where('application_id', '=', applicationId)
    .where('user_id', '=', userId)
    .where('organization_id', '=', organizationId)
    .execute();
}

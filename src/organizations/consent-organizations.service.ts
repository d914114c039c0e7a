import type { Transaction } from 'kysely';
import { apiError } from '../http/error-registry.js';
import { getApplication } from '../management/applications.service.js';
import type { Db } from '../storage/database.js';
import type { Database } from '../storage/schema.js';
import { getUser } from '../users/users.service.js';
import {
  addConsentOrganizations,
  removeConsentOrganization,
  replaceConsentOrganizations,
  userOrganizations,
} from './consent-organizations.repository.js';

/**
 * Logto's management of the organizations a user let a third-party application act in (a
 * first-party application acts in all of the user's organizations, so it has none to manage).
 */

/** The application exists and is third-party (422 otherwise, as Logto), and the user exists. */
export async function assertThirdPartyApplicationAndUser(db: Db, applicationId: string, userId: string) {
  const application = await getApplication(db, applicationId);
  if (!application.is_third_party) {
    throw apiError('application.third_party_application_only');
  }
  await getUser(db, userId);
}

async function assertMemberOfAll(db: Db, userId: string, organizationIds: readonly string[]) {
  if (organizationIds.length === 0) return;
  const member = new Set((await userOrganizations(db, userId)).map((organization) => organization.id));
  if (organizationIds.some((id) => !member.has(id))) {
    throw apiError('organization.require_membership#consent');
  }
}

/** Checks a change of a user's consent organizations for an application, then writes it. */
function changeConsentOrganizations(
  write: (trx: Transaction<Database>, applicationId: string, userId: string, ids: string[]) => Promise<void>,
) {
  return async (
    trx: Transaction<Database>,
    applicationId: string,
    userId: string,
    organizationIds: readonly string[],
  ) => {
    await assertThirdPartyApplicationAndUser(trx, applicationId, userId);
    const unique = [...new Set(organizationIds)];
    await assertMemberOfAll(trx, userId, unique);
    await write(trx, applicationId, userId, unique);
  };
}

/** Adds to what the user consented to. */
export const grantConsentOrganizations = changeConsentOrganizations(addConsentOrganizations);
/** Replaces what the user consented to (`[]` revokes all). */
export const setConsentOrganizations = changeConsentOrganizations(replaceConsentOrganizations);

export async function revokeConsentOrganization(
  db: Db,
  applicationId: string,
  userId: string,
  organizationId: string,
) {
  await assertThirdPartyApplicationAndUser(db, applicationId, userId);
  await removeConsentOrganization(db, applicationId, userId, organizationId);
}

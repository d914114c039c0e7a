import type { Transaction } from 'kysely';
import { ApiError } from '../http/errors.js';
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
    throw new ApiError(
      422,
      'application.third_party_application_only',
      'The feature is only available for third-party applications.',
    );
  }
  await getUser(db, userId);
}

async function assertMemberOfAll(db: Db, userId: string, organizationIds: readonly string[]) {
  if (organizationIds.length === 0) return;
  const member = new Set((await userOrganizations(db, userId)).map((organization) => organization.id));
  if (organizationIds.some((id) => !member.has(id))) {
    throw new ApiError(
      422,
      'organization.require_membership',
      'The user is not a member of one of the organizations.',
    );
  }
}

export async function grantConsentOrganizations(
  trx: Transaction<Database>,
  applicationId: string,
  userId: string,
  organizationIds: readonly string[],
) {
  await assertThirdPartyApplicationAndUser(trx, applicationId, userId);
  const unique = [...new Set(organizationIds)];
  await assertMemberOfAll(trx, userId, unique);
  await addConsentOrganizations(trx, applicationId, userId, unique);
}

export async function setConsentOrganizations(
  trx: Transaction<Database>,
  applicationId: string,
  userId: string,
  organizationIds: readonly string[],
) {
  await assertThirdPartyApplicationAndUser(trx, applicationId, userId);
  const unique = [...new Set(organizationIds)];
  await assertMemberOfAll(trx, userId, unique);
  await replaceConsentOrganizations(trx, applicationId, userId, unique);
}

export async function revokeConsentOrganization(
  db: Db,
  applicationId: string,
  userId: string,
  organizationId: string,
) {
  await assertThirdPartyApplicationAndUser(db, applicationId, userId);
  await removeConsentOrganization(db, applicationId, userId, organizationId);
}

import type { Db } from '../storage/database.js';
import type { InteractionIdentifier } from '../storage/tables/experience.js';
import { apiError } from '../http/error-registry.js';
import { identifierTaken } from '../users/identifiers.js';
import { loadSignInExperience } from '../sign-in-experience/sign-in-experience.js';
import { ssoConnectorIdsForDomain } from '../sso/sso-connectors.repository.js';
import { emailDomain } from '../users/normalize-identifier.js';
import { findUserByIdentifier, findUserStatus } from './accounts.repository.js';
import { userSuspended, verificationNotFound } from './errors.js';

// What every way of identifying an account checks, by a code, a password or a social or SSO
// provider, for a sign-in, a registration or the Account API.

/**
 * The same rule for an e-mail however it was proven (a code, a password's identifier, a social
 * provider's assertion): only the domain's SSO connector may stand for it, so that an account
 * de-provisioned at the enterprise's identity provider has no other way in.
 */
export async function assertEmailNotSsoOnly(db: Db, email: string) {
  if (!(await loadSignInExperience(db)).singleSignOnEnabled) return;
  const connectorIds = await ssoConnectorIdsForDomain(db, emailDomain(email));
  if (connectorIds.length === 0) return;
  throw apiError('session.sso_enabled', { connectorIds });
}

/** 422 with the identifier's own code when another account holds it (phones compared by digits). */
export async function assertIdentifierFree(db: Db, identifier: InteractionIdentifier, exceptUserId?: string) {
  const holder = await findUserByIdentifier(db, identifier);
  if (holder && holder.id !== exceptUserId) {
    throw identifierTaken(identifier.type);
  }
}

export async function assertActive(db: Db, userId: string): Promise<void> {
  const user = await findUserStatus(db, userId);
  if (!user) throw verificationNotFound();
  if (user.is_suspended) throw userSuspended();
}

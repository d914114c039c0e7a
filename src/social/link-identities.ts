import type { Transaction } from 'kysely';
import { apiError } from '../http/error-registry.js';
import type { EventSink } from '../webhooks/mutation.js';
import { joinOrganizations } from '../organizations/jit.service.js';
import { insertSsoIdentity } from '../sso/sso-connectors.repository.js';
import { organizationsForSsoConnector } from '../sso/sso-jit.repository.js';
import type { Database } from '../storage/schema.js';
import type { ExperienceProfile } from '../storage/tables/experience.js';
import { changeIdentities, touchUser } from '../users/users.service.js';
import type { PendingEvent } from '../webhooks/payload.js';
import { findUserBySocialIdentity, lockRemoteIdentity } from './federated-verifications.repository.js';
import { findUserBySsoIdentity } from '../sso/sso-connectors.repository.js';

type Trx = Transaction<Database>;

const identityInUse = () => apiError('user.identity_already_in_use');

/**
 * Before an account takes the interaction's social or SSO identity: the identity is locked for
 * the transaction and must not belong to another account (two concurrent first sign-ins of
 * one person make one account; the other gets 422).
 */
export async function claimRemoteIdentities(trx: Trx, profile: ExperienceProfile, userId?: string) {
  const { socialIdentity: social, ssoIdentity: sso } = profile;
  if (social) {
    await lockRemoteIdentity(trx, `social:${social.target}:${social.userId}`);
    const holder = await findUserBySocialIdentity(trx, social.target, social.userId);
    if (holder && holder.id !== userId) throw identityInUse();
  }
  if (sso) {
    await lockRemoteIdentity(trx, `sso:${sso.issuer}:${sso.identityId}`);
    const holder = await findUserBySsoIdentity(trx, sso.issuer, sso.identityId);
    if (holder && holder.user_id !== userId) throw identityInUse();
  }
}

/**
 * At submit: a social identity is stored under `identities[target]` of an existing account
 * (`User.Data.Updated`; a new account got it on insert), an SSO identity is linked (the same
 * event when it is new to an existing account), and the SSO connector's organizations take the
 * user in (`Organization.Membership.Updated` per organization joined).
 */
export async function linkRemoteIdentities(
  trx: Trx,
  events: EventSink & { pending: PendingEvent[] },
  userId: string,
  profile: ExperienceProfile,
  isNewUser: boolean,
): Promise<void> {
  const { socialIdentity: social, ssoIdentity: sso } = profile;
  if (!isNewUser) await claimRemoteIdentities(trx, profile, userId);
  if (social && !isNewUser) {
    await changeIdentities(trx, events, userId, (identities) => ({
      ...identities,
      [social.target]: { userId: social.userId, details: social.details },
    }));
  }
  if (!sso) return;
  const linked = await insertSsoIdentity(trx, {
    userId,
    connectorId: sso.connectorId,
    issuer: sso.issuer,
    identityId: sso.identityId,
    detail: sso.detail,
  });
  if (linked && !isNewUser) await touchUser(trx, events, userId);
  events.pending.push(
    ...(await joinOrganizations(trx, userId, await organizationsForSsoConnector(trx, sso.connectorId))),
  );
}

import type { FastifyRequest } from 'fastify';
import type { AccountCaller } from '../account/account-auth.js';
import { changeAccount } from '../account/account.service.js';
import { IDENTITY_PROOF_SECONDS } from '../account/identity-verification.js';
import { insertIdentityVerification } from '../account/identity-verifications.repository.js';
import { apiError } from '../http/error-registry.js';
import { newId } from '../storage/ids.js';
import type { AuthorizationSession } from './authorization-steps.js';
import {
  completeSocialVerification,
  consumeSocialVerification,
  findPendingSocialVerification,
} from './account-social-verifications.repository.js';
import { authorizeAt, identityFromCallback } from './federated-verification.js';
import { linkIdentity } from './identities.service.js';
import { socialConnector } from './social-connectors.js';
import { identityDetails, type RemoteIdentity } from './social-identity.js';

const recordNotFound = () => apiError('verification_record.not_found#social');

/** What a verified social record holds until it is linked. */
interface VerifiedSocial {
  target: string;
  identity: RemoteIdentity;
}

/**
 * `POST /api/verifications/social`: a record of the caller with the authorization session, and the
 * provider's authorization URI for the browser. The record lives as long as a proof of identity.
 */
export async function startSocialVerification(
  request: FastifyRequest,
  caller: AccountCaller,
  input: { connectorId: string; state: string; redirectUri: string },
) {
  const { services } = request.server;
  const connector = await socialConnector(services.db, input.connectorId);
  const { authorizationUri, session } = await authorizeAt(services, connector, input);
  const id = newId();
  const expiresAt = await insertIdentityVerification(services.db, {
    method: 'Social',
    id,
    userId: caller.userId,
    lifetimeSeconds: IDENTITY_PROOF_SECONDS,
    payload: { connectorId: connector.id, session },
  });
  return { verificationRecordId: id, authorizationUri, expiresAt: expiresAt.toISOString() };
}

/** `POST /api/verifications/social/verify`: the callback redeemed, the provider's identity kept. */
export async function verifySocialVerification(
  request: FastifyRequest,
  caller: AccountCaller,
  input: { verificationRecordId: string; connectorData: Record<string, unknown> },
) {
  const { services } = request.server;
  const row = await findPendingSocialVerification(services.db, input.verificationRecordId, caller.userId);
  const pending = row?.payload as { connectorId?: string; session?: AuthorizationSession } | undefined;
  if (!row || !pending?.connectorId || !pending.session) throw recordNotFound();
  const connector = await socialConnector(services.db, pending.connectorId);
  const identity = await identityFromCallback(services, connector, pending.session, input.connectorData);
  const verified: VerifiedSocial = { target: connector.namespace, identity };
  if (!(await completeSocialVerification(services.db, row.id, { ...verified }))) throw recordNotFound();
  return { verificationRecordId: row.id };
}

/**
 * `POST` (or, replacing, `PUT`) `/api/my-account/identities`: the verified record is used up and
 * its identity stored under its target (`User.Data.Updated`). Another account may not hold the
 * identity; without `replace` the user may not already have one of the target.
 */
export async function linkOwnSocialIdentity(
  request: FastifyRequest,
  caller: AccountCaller,
  recordId: string,
  options: { replace: boolean },
): Promise<void> {
  await changeAccount(request, caller, async (trx, events) => {
    const verified = (await consumeSocialVerification(trx, recordId, caller.userId)) as
      VerifiedSocial | undefined;
    if (!verified?.target || !verified.identity) throw recordNotFound();
    const { target, identity } = verified;
    const details = identityDetails(identity);
    await linkIdentity(trx, events, caller.userId, target, { userId: identity.id, details }, options);
  });
}

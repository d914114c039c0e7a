import type { Interaction } from 'oidc-provider';
import type { Services } from '../services.js';
import { verificationNotFound } from '../experience/errors.js';
import { apiError } from '../http/error-registry.js';
import { newId } from '../storage/ids.js';
import {
  buildAuthorizationUri,
  readProfile,
  redeemCode,
  type AuthorizationSession,
} from './authorization-steps.js';
import * as repository from './federated-verifications.repository.js';
import { identityFromClaims, identityFromProfile, type RemoteIdentity } from './social-identity.js';
import { upstreamOf, type UpstreamSource } from './upstream.js';

/** A social or enterprise SSO connector as the verification steps need it. */
export interface FederatedConnector {
  type: repository.FederatedType;
  id: string;
  upstream: UpstreamSource;
  /** The key identities of this connector are stored under: the social target or the SSO issuer. */
  namespace: string;
  /** What the connector lets its provider vouch for (an SSO connector: e-mails of its domains). */
  trust?: (identity: RemoteIdentity) => RemoteIdentity;
}

/** What a verified social or SSO verification holds. */
export interface FederatedOutcome {
  connectorId: string;
  namespace: string;
  identity: RemoteIdentity;
}

/** `…/authorization-uri`: a new verification with its session, and where to send the browser. */
export async function startFederatedVerification(
  services: Services,
  interaction: Interaction,
  connector: FederatedConnector,
  request: { state: string; redirectUri: string },
) {
  const { authorizationUri, session } = await authorizeAt(services, connector, request);
  const verificationId = newId();
  await repository.insertFederatedVerification(services.db, {
    id: verificationId,
    interactionUid: interaction.uid,
    type: connector.type,
    payload: { connectorId: connector.id, session },
  });
  return { authorizationUri, verificationId };
}

/** The provider's authorization URL and the session its callback is checked against. */
export async function authorizeAt(
  services: Pick<Services, 'config'>,
  connector: FederatedConnector,
  request: { state: string; redirectUri: string },
) {
  const upstream = await upstreamOf(services.config, connector.upstream).catch((error: unknown) => {
    throw Object.assign(apiError('connector.general_error'), { cause: error });
  });
  return buildAuthorizationUri(upstream, request);
}

/** `…/verify`: the callback's data redeemed, the identity read and kept with the verification. */
export async function completeFederatedVerification(
  services: Services,
  interaction: Interaction,
  connector: FederatedConnector,
  input: { verificationId: string; connectorData: Record<string, unknown> },
): Promise<string> {
  const row = await repository.findFederatedVerification(
    services.db,
    interaction.uid,
    input.verificationId,
    connector.type,
  );
  const payload = row?.payload as { connectorId?: string; session?: AuthorizationSession } | undefined;
  if (!row || row.verified_at || payload?.connectorId !== connector.id || !payload.session) {
    throw verificationNotFound();
  }
  const identity = await identityFromCallback(services, connector, payload.session, input.connectorData);
  const outcome: FederatedOutcome = { connectorId: connector.id, namespace: connector.namespace, identity };
  if (!(await repository.completeFederatedVerification(services.db, row.id, { ...outcome }))) {
    throw verificationNotFound();
  }
  return row.id;
}

/**
 * The callback's data redeemed at the provider and its account read: the identity the provider
 * vouches for, within what the connector trusts it with.
 */
export async function identityFromCallback(
  services: Pick<Services, 'config'>,
  connector: FederatedConnector,
  session: AuthorizationSession,
  connectorData: Record<string, unknown>,
): Promise<RemoteIdentity> {
  const upstream = await upstreamOf(services.config, connector.upstream);
  const tokens = await redeemCode(upstream, session, connectorData);
  const profile = await readProfile(upstream, tokens);
  const claimed =
    upstream.kind === 'oidc'
      ? identityFromClaims(profile)
      : identityFromProfile(profile, upstream.profileMap);
  if (!claimed) throw apiError('connector.invalid_response');
  return connector.trust ? connector.trust(claimed) : claimed;
}

/** A verified social or SSO verification of this interaction, or nothing. */
export async function findFederatedOutcome(
  services: Pick<Services, 'db'>,
  interactionUid: string,
  verificationId: string,
  type: repository.FederatedType,
): Promise<FederatedOutcome | undefined> {
  const row = await repository.findFederatedVerification(services.db, interactionUid, verificationId, type);
  return row?.verified_at ? (row.payload as unknown as FederatedOutcome) : undefined;
}

import type Provider from 'oidc-provider';
import type { Grant, Interaction } from 'oidc-provider';
import { OIDC_SCOPES } from '../oidc/provider.js';
import type { Db } from '../storage/database.js';
import { scopesGrantableToUser } from '../oidc/resource-servers.js';
import { clientIdOf, requestedClaims, requestedResources, requestedScopes } from './interaction.js';

/**
 * Consents for a first-party application: the requested OpenID scopes and claims, and for each
 * requested API resource the requested scopes the user holds through roles (for Logto's
 * organization resource, any organization scope: organization tokens narrow them). The others are
 * recorded as rejected, so oidc-provider does not ask again, and tokens never carry them.
 * Returns the id of the saved grant.
 */
export async function grantFirstPartyConsent(
  provider: Provider,
  db: Db,
  interaction: Interaction,
  accountId: string,
  /** A third-party application's consent list narrows each resource's scopes further. */
  assignable?: (indicator: string) => Promise<Set<string> | undefined>,
): Promise<string> {
  const clientId = clientIdOf(interaction);
  const grant =
    (await sessionGrant(provider, interaction, accountId, clientId)) ??
    new provider.Grant({ accountId, clientId });

  const scopes = requestedScopes(interaction);
  const oidcScopes = scopes.filter((scope) => OIDC_SCOPES.includes(scope));
  const resourceScopes = scopes.filter((scope) => !OIDC_SCOPES.includes(scope));
  if (oidcScopes.length > 0) grant.addOIDCScope(oidcScopes);
  const claims = requestedClaims(interaction);
  if (claims.length > 0) grant.addOIDCClaims(claims);

  for (const indicator of requestedResources(interaction)) {
    const held = new Set(await scopesGrantableToUser(db, accountId, indicator));
    const allowed = assignable ? await assignable(indicator) : undefined;
    if (allowed) for (const scope of held) if (!allowed.has(scope)) held.delete(scope);
    const granted = resourceScopes.filter((scope) => held.has(scope));
    const refused = resourceScopes.filter((scope) => !held.has(scope));
    setResourceScopes(grant, indicator, granted, refused);
  }
  return grant.save();
}

/** The grant this browser session already holds for the client, if it is the same user's. */
async function sessionGrant(
  provider: Provider,
  interaction: Interaction,
  accountId: string,
  clientId: string,
): Promise<Grant | undefined> {
  if (!interaction.grantId) return undefined;
  const grant = await provider.Grant.find(interaction.grantId);
  return grant?.accountId === accountId && grant.clientId === clientId ? grant : undefined;
}

/**
 * Roles change between sign-ins: a scope refused earlier may be held now and the reverse, so the
 * extended grant is brought in line with today's roles for the scopes requested this time.
 */
function setResourceScopes(grant: Grant, indicator: string, granted: string[], refused: string[]): void {
  const rejected = grant.rejected?.resources?.[indicator];
  if (rejected) {
    const stillRejected = rejected.split(' ').filter((scope) => !granted.includes(scope));
    grant.rejected!.resources![indicator] = stillRejected.join(' ');
  }
  const current = grant.resources?.[indicator];
  if (current) {
    grant.resources![indicator] = current
      .split(' ')
      .filter((scope) => !refused.includes(scope))
      .join(' ');
  }
  grant.addResourceScope(indicator, granted);
  if (refused.length > 0) grant.rejectResourceScope(indicator, refused);
}

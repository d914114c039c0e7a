import type { Interaction } from 'oidc-provider';
import { apiError } from '../http/error-registry.js';
import {
  addConsentOrganizations,
  userOrganizations,
} from '../organizations/consent-organizations.repository.js';
import { ORGANIZATION_RESOURCE, ORGANIZATIONS_SCOPE } from '../oidc/organization-tokens.js';
import type { Db } from '../storage/database.js';
import { clientIdOf, requestedResources, requestedScopes } from './interaction.js';

/** The application asks to act in the user's organizations: the consent page offers the choice. */
export function asksForOrganizations(interaction: Interaction): boolean {
  return (
    requestedScopes(interaction).includes(ORGANIZATIONS_SCOPE) ||
    requestedResources(interaction).includes(ORGANIZATION_RESOURCE)
  );
}

/** What the consent page lists: the user's organizations, only when the application asks for them. */
export async function organizationsToChoose(db: Db, interaction: Interaction, userId: string) {
  if (!asksForOrganizations(interaction)) return undefined;
  return userOrganizations(db, userId);
}

const notAMember = () => apiError('organization.require_membership#sign_in');

/**
 * Keeps the organizations the user chose (Logto: `organizationIds` of the consent) for the
 * application and user, in application_user_consent_organizations, where organization tokens
 * for a third-party application are checked against. Only organizations the user belongs to.
 */
export async function recordOrganizationChoice(
  db: Db,
  interaction: Interaction,
  userId: string,
  organizationIds: readonly string[],
): Promise<void> {
  if (organizationIds.length === 0) return;
  const chosen = [...new Set(organizationIds)];
  if (!asksForOrganizations(interaction)) {
    throw apiError('guard.invalid_input', { message: 'This application does not ask for organizations.' });
  }
  const member = new Set((await userOrganizations(db, userId)).map((organization) => organization.id));
  if (chosen.some((id) => !member.has(id))) throw notAMember();
  await addConsentOrganizations(db, clientIdOf(interaction), userId, chosen);
}

import type { Selectable } from 'kysely';
import type {
  OrganizationInvitationsTable,
  OrganizationRolesTable,
  OrganizationRoleType,
  OrganizationScopesTable,
  OrganizationsTable,
} from '../storage/tables/organizations.js';
import type { Invitation } from './invitations.schemas.js';
import type { Organization, OrganizationRole, OrganizationScope } from './schemas.js';

/** Rows to API entities, and API entities to the exact webhook `data` shapes of the specification. */
export function toOrganization(row: Selectable<OrganizationsTable>): Organization {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    customData: row.custom_data,
    isMfaRequired: row.is_mfa_required,
    branding: row.branding,
    color: row.color,
    customCss: row.custom_css,
    createdAt: row.created_at.getTime(),
  };
}

/** A role row (read with every column, so with its type: `User` for roles from before types). */
export function toOrganizationRole(
  row: Omit<Selectable<OrganizationRolesTable>, 'type'> & { type?: OrganizationRoleType },
): OrganizationRole {
  return { id: row.id, name: row.name, description: row.description, type: row.type ?? 'User' };
}

export function toOrganizationScope(row: Selectable<OrganizationScopesTable>): OrganizationScope {
  return { id: row.id, name: row.name, description: row.description };
}

/** A pending invitation past its expiry reads as `Expired`, whether or not a write recorded it. */
export function toInvitation(
  row: Selectable<OrganizationInvitationsTable>,
  roles: readonly { id: string; name: string }[],
  now = Date.now(),
): Invitation {
  const expired = row.status === 'Pending' && row.expires_at.getTime() <= now;
  return {
    id: row.id,
    inviterId: row.inviter_id,
    invitee: row.invitee,
    acceptedUserId: row.accepted_user_id,
    organizationId: row.organization_id,
    status: expired ? 'Expired' : row.status,
    expiresAt: row.expires_at.getTime(),
    createdAt: row.created_at.getTime(),
    updatedAt: row.updated_at.getTime(),
    organizationRoles: roles.map(({ id, name }) => ({ id, name })),
  };
}

/** Webhook `Organization`: id, name, customData, createdAt; description only when it has one. */
export function organizationData(organization: Organization) {
  return {
    id: organization.id,
    name: organization.name,
    customData: organization.customData,
    createdAt: organization.createdAt,
    ...(organization.description === null ? {} : { description: organization.description }),
  };
}

/** Webhook `OrganizationRole` and `OrganizationScope`: id, name; description only when it has one. */
export function namedEntityData(entity: OrganizationRole | OrganizationScope) {
  return {
    id: entity.id,
    name: entity.name,
    ...(entity.description === null ? {} : { description: entity.description }),
  };
}

/** Webhook `OrganizationRole`: the named entity and whether users or applications hold it. */
export const organizationRoleData = (role: OrganizationRole) => ({
  ...namedEntityData(role),
  type: role.type,
});

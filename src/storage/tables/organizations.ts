import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface OrganizationsTable {
  id: string;
  name: string;
  description: string | null;
  custom_data: JSONColumnType<Record<string, unknown>>;
  is_mfa_required: ColumnType<boolean, boolean | undefined, boolean>;
  branding: ColumnType<OrganizationBranding, string | undefined, string>;
  color: ColumnType<OrganizationColor, string | undefined, string>;
  custom_css: string | null;
  created_at: CreatedAt;
}

export interface OrganizationBranding {
  logoUrl?: string;
  darkLogoUrl?: string;
  favicon?: string;
  darkFavicon?: string;
}

export interface OrganizationColor {
  primaryColor?: string;
  isDarkModeEnabled?: boolean;
  darkPrimaryColor?: string;
}

export interface OrganizationScopesTable {
  id: string;
  name: string;
  description: string | null;
  created_at: CreatedAt;
}

export type OrganizationRoleType = 'User' | 'MachineToMachine';

export interface OrganizationRolesTable {
  id: string;
  name: string;
  description: string | null;
  /** Who may hold the role: users, or machine-to-machine applications. */
  type: Generated<OrganizationRoleType>;
  created_at: CreatedAt;
}

export interface OrganizationRoleScopesTable {
  organization_role_id: string;
  organization_scope_id: string;
  created_at: CreatedAt;
}

export interface OrganizationUsersTable {
  organization_id: string;
  user_id: string;
  created_at: CreatedAt;
}

export interface OrganizationApplicationsTable {
  organization_id: string;
  application_id: string;
  created_at: CreatedAt;
}

export interface OrganizationUserRolesTable {
  organization_id: string;
  user_id: string;
  organization_role_id: string;
}

export interface OrganizationRoleResourceScopesTable {
  organization_role_id: string;
  scope_id: string;
  created_at: CreatedAt;
}

export interface OrganizationApplicationRolesTable {
  organization_id: string;
  application_id: string;
  organization_role_id: string;
}

/** Stored status; `Expired` is also derived on read from a pending row past `expires_at`. */
export type InvitationStatus = 'Pending' | 'Accepted' | 'Revoked' | 'Expired';

export interface OrganizationInvitationsTable {
  id: string;
  inviter_id: string | null;
  invitee: string;
  accepted_user_id: string | null;
  organization_id: string;
  status: ColumnType<InvitationStatus, InvitationStatus | undefined, InvitationStatus>;
  expires_at: Date;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface OrganizationInvitationRolesTable {
  organization_invitation_id: string;
  organization_role_id: string;
}

/** A third-party application may act in this organization for this user (chosen at consent). */
export interface ApplicationUserConsentOrganizationsTable {
  application_id: string;
  user_id: string;
  organization_id: string;
  created_at: CreatedAt;
}

/** Tables of the organizations domain. */
export interface OrganizationsTables {
  organizations: OrganizationsTable;
  organization_scopes: OrganizationScopesTable;
  organization_roles: OrganizationRolesTable;
  organization_role_scopes: OrganizationRoleScopesTable;
  organization_users: OrganizationUsersTable;
  organization_applications: OrganizationApplicationsTable;
  organization_user_roles: OrganizationUserRolesTable;
  organization_application_roles: OrganizationApplicationRolesTable;
  organization_role_resource_scopes: OrganizationRoleResourceScopesTable;
  organization_invitations: OrganizationInvitationsTable;
  organization_invitation_roles: OrganizationInvitationRolesTable;
  application_user_consent_organizations: ApplicationUserConsentOrganizationsTable;
}

import type { ColumnType } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface ApplicationUserConsentOrganizationScopesTable {
  application_id: string;
  organization_scope_id: string;
  created_at: CreatedAt;
}

export interface ApplicationUserConsentResourceScopesTable {
  application_id: string;
  scope_id: string;
  /** Logto's organization resource scopes: held through organization roles, for organization tokens. */
  for_organizations: boolean;
  created_at: CreatedAt;
}

export interface ApplicationUserConsentUserScopesTable {
  application_id: string;
  user_scope: string;
  created_at: CreatedAt;
}

/** What a third-party application may ask a user to consent to. */
export interface ConsentScopesTables {
  application_user_consent_organization_scopes: ApplicationUserConsentOrganizationScopesTable;
  application_user_consent_resource_scopes: ApplicationUserConsentResourceScopesTable;
  application_user_consent_user_scopes: ApplicationUserConsentUserScopesTable;
}

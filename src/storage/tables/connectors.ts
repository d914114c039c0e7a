import type { ColumnType, JSONColumnType } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

export type ConnectorType = 'Email' | 'Sms' | 'Social';

export interface ConnectorsTable {
  id: string;
  /** The factory the connector was made from (`simple-mail-transfer-protocol`, `oidc`, …). */
  connector_id: string;
  type: ConnectorType;
  /** Social connectors only: the key of the user's `identities` (one connector per target). */
  target: string | null;
  /** Secrets included: they leave the service only toward the connector's own endpoint. */
  config: JSONColumnType<Record<string, unknown>>;
  metadata: JSONColumnType<Record<string, unknown>>;
  sync_profile: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SsoConnectorsTable {
  id: string;
  provider_name: string;
  connector_name: string;
  config: JSONColumnType<Record<string, unknown>>;
  domains: ColumnType<string[], string[] | undefined, string[]>;
  branding: JSONColumnType<Record<string, unknown>>;
  sync_profile: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UserSsoIdentitiesTable {
  id: string;
  user_id: string;
  sso_connector_id: string;
  issuer: string;
  identity_id: string;
  detail: JSONColumnType<Record<string, unknown>>;
  created_at: CreatedAt;
}

export interface OrganizationJitSsoConnectorsTable {
  organization_id: string;
  sso_connector_id: string;
  created_at: CreatedAt;
}

export interface ConnectorsTables {
  connectors: ConnectorsTable;
  sso_connectors: SsoConnectorsTable;
  user_sso_identities: UserSsoIdentitiesTable;
  organization_jit_sso_connectors: OrganizationJitSsoConnectorsTable;
}

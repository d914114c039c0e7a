import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
// jsonb values are written as JSON text: pg would turn a bare JS array into a PostgreSQL array.
type Json<T extends object> = JSONColumnType<T>;

export type ApplicationType = 'Native' | 'SPA' | 'Traditional' | 'MachineToMachine' | 'Protected' | 'SAML';

export interface OidcClientMetadata {
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

export interface CustomClientMetadata {
  allowTokenExchange?: boolean;
  maxAllowedGrants?: number;
  [key: string]: unknown;
}

export interface ApplicationsTable {
  id: string;
  name: string;
  description: string | null;
  type: ApplicationType;
  /** The legacy secret; null once removed in favour of named secrets. */
  secret: string | null;
  is_third_party: Generated<boolean>;
  oidc_client_metadata: Json<OidcClientMetadata>;
  custom_client_metadata: Json<CustomClientMetadata>;
  custom_data: Json<Record<string, unknown>>;
  created_at: CreatedAt;
}

export interface ApplicationSecretsTable {
  application_id: string;
  name: string;
  /** SHA-256 of the secret, hex: what client authentication compares. */
  digest: string;
  /**
   * The secret encrypted with the installation's key (`SecretBox`), to show it again; null for
   * rows from before migration 0022 and when secrets are shown only once.
   */
  sealed_value: Generated<string | null>;
  created_at: CreatedAt;
  expires_at: Date | null;
}

export interface ResourcesTable {
  id: string;
  name: string;
  indicator: string;
  access_token_ttl: number;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
}

export interface ScopesTable {
  id: string;
  resource_id: string;
  name: string;
  description: string | null;
  created_at: CreatedAt;
}

/** Logto's `UsersPasswordEncryptionMethod`: how a stored password digest is checked. */
export type PasswordAlgorithm =
  'Argon2i' | 'Argon2id' | 'Argon2d' | 'Bcrypt' | 'SHA1' | 'SHA256' | 'MD5' | 'Legacy';

export interface UsersTable {
  id: string;
  username: string | null;
  primary_email: string | null;
  primary_phone: string | null;
  name: string | null;
  avatar: string | null;
  password_hash: string | null;
  /** How `password_hash` is checked; set exactly when it is (Logto's `passwordEncryptionMethod`). */
  password_algorithm: PasswordAlgorithm | null;
  profile: Json<Record<string, unknown>>;
  custom_data: Json<Record<string, unknown>>;
  identities: Json<Record<string, unknown>>;
  application_id: string | null;
  is_suspended: Generated<boolean>;
  last_sign_in_at: Date | null;
  /** When the user declined to bind a second factor under a user-controlled policy (asked once). */
  mfa_skipped_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type RoleType = 'User' | 'MachineToMachine';

export interface RolesTable {
  id: string;
  name: string;
  description: string;
  type: RoleType;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
}

export interface RolesScopesTable {
  role_id: string;
  scope_id: string;
}

export interface UsersRolesTable {
  user_id: string;
  role_id: string;
}

export interface ApplicationsRolesTable {
  application_id: string;
  role_id: string;
}

export interface OidcModelInstancesTable {
  model_name: string;
  id: string;
  payload: Json<Record<string, unknown>>;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
  /** Insertion time (migration 0007): the issue order of grants, finer than `iat`. */
  created_at: Generated<Date>;
}

export interface SigningKeysTable {
  id: string;
  alg: string;
  private_jwk: Json<Record<string, unknown>>;
  public_jwk: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  /** When the key starts signing (published from `created_at`); null: from `created_at`. */
  activates_at: ColumnType<Date | null, Date | null | undefined, never>;
}

export interface SystemSecretsTable {
  name: string;
  value: string;
}

export interface LogsTable {
  id: string;
  key: string;
  user_id: string | null;
  application_id: string | null;
  payload: Json<Record<string, unknown>>;
  created_at: CreatedAt;
}

/** One row once first-run setup has closed (migration 0019); never removed. */
export interface ConsoleSetupTable {
  id: Generated<boolean>;
  /** What closed it: `setup`, `management_api`, `create_admin` or `migration`. */
  closed_by: string;
  closed_at: Generated<Date>;
}

/** The last run of each periodic job shared by all instances (retention). */
export interface MaintenanceRunsTable {
  name: string;
  last_run_at: Date;
}

/** A running instance: it beats `heartbeat_at` every few seconds and deletes its row on a clean stop. */
export interface InstancesTable {
  id: string;
  started_at: ColumnType<Date, Date | undefined, never>;
  heartbeat_at: ColumnType<Date, Date | undefined, Date>;
}

export interface CoreTables {
  applications: ApplicationsTable;
  resources: ResourcesTable;
  scopes: ScopesTable;
  users: UsersTable;
  roles: RolesTable;
  roles_scopes: RolesScopesTable;
  users_roles: UsersRolesTable;
  applications_roles: ApplicationsRolesTable;
  application_secrets: ApplicationSecretsTable;
  oidc_model_instances: OidcModelInstancesTable;
  signing_keys: SigningKeysTable;
  system_secrets: SystemSecretsTable;
  logs: LogsTable;
  maintenance_runs: MaintenanceRunsTable;
  instances: InstancesTable;
  console_setup: ConsoleSetupTable;
}

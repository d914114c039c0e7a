import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface PersonalAccessTokensTable {
  user_id: string;
  name: string;
  /** SHA-256 of the value, hex: what an exchange looks the token up by. */
  digest: string;
  /** The value sealed with the installation's key (`SecretBox`), bound to the user. */
  sealed_value: string;
  created_at: CreatedAt;
  expires_at: Date | null;
}

export type OneTimeTokenStatus = 'Active' | 'Consumed' | 'Revoked' | 'Expired';

export interface OneTimeTokenContext {
  /** Organizations the user joins (with their JIT roles) when the token signs them in. */
  jitOrganizationIds?: string[];
}

export interface OneTimeTokensTable {
  id: string;
  /** Lower-cased, as every stored e-mail address. */
  email: string;
  digest: string;
  sealed_value: string;
  context: JSONColumnType<OneTimeTokenContext>;
  status: Generated<OneTimeTokenStatus>;
  created_at: CreatedAt;
  expires_at: Date;
}

/** User tokens the management API issues: personal access tokens and one-time tokens. */
export interface TokensTables {
  personal_access_tokens: PersonalAccessTokensTable;
  one_time_tokens: OneTimeTokensTable;
}

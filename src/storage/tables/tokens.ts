import type { ColumnType } from 'kysely';

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

/** Long-lived user tokens: personal access tokens and one-time tokens. */
export interface TokensTables {
  personal_access_tokens: PersonalAccessTokensTable;
}

import type { ColumnType, JSONColumnType } from 'kysely';

export interface SubjectTokensTable {
  id: string;
  token_hash: string;
  user_id: string;
  context: JSONColumnType<Record<string, unknown>>;
  application_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date;
  consumed_at: Date | null;
}

export type JwtCustomizerKey = 'jwt.accessToken' | 'jwt.clientCredentials';

export interface JwtCustomizerValue {
  script: string;
  environmentVariables?: Record<string, string>;
  contextSample?: Record<string, unknown>;
  tokenSample?: Record<string, unknown>;
  blockIssuanceOnError?: boolean;
}

export interface JwtCustomizersTable {
  key: JwtCustomizerKey;
  value: JSONColumnType<JwtCustomizerValue>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Tables of the impersonation domain. */
export interface ImpersonationTables {
  subject_tokens: SubjectTokensTable;
  jwt_customizers: JwtCustomizersTable;
}

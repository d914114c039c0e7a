import type { ColumnType, JSONColumnType } from 'kysely';

export type InteractionEvent = 'SignIn' | 'Register' | 'ForgotPassword';

/** What a verification proves; later: EmailVerificationCode, PhoneVerificationCode, NewPasswordIdentity. */
export type VerificationType = 'Password';

export type IdentifierType = 'username' | 'email' | 'phone';

export interface InteractionIdentifier {
  type: IdentifierType;
  value: string;
}

export interface ExperienceInteractionsTable {
  /** The oidc-provider interaction this state belongs to. */
  interaction_uid: string;
  interaction_event: InteractionEvent;
  application_id: string;
  /** The identified user, once `POST /api/experience/identification` succeeded. */
  user_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /** The interaction's own expiry: the state is worthless after it. */
  expires_at: Date;
}

export interface ExperienceVerificationsTable {
  id: string;
  interaction_uid: string;
  type: VerificationType;
  identifier: JSONColumnType<InteractionIdentifier | null, string | null, string | null>;
  /** The user the verification proved, when it proves one. */
  user_id: string | null;
  /** Type-specific data (a code's hash and attempts, say); never a secret in clear. */
  payload: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  /** Null until verified: a code is sent first and checked later. */
  verified_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** Tables of the experience domain. */
export interface ExperienceTables {
  experience_interactions: ExperienceInteractionsTable;
  experience_verifications: ExperienceVerificationsTable;
}

import type { ColumnType, Generated, JSONColumnType } from 'kysely';

export type InteractionEvent = 'SignIn' | 'Register' | 'ForgotPassword';

/**
 * What a verification proves: a password of an account, the control of an e-mail/phone, an
 * identity at a social or enterprise SSO provider, or a second factor (an authenticator app's
 * code, a backup code, a WebAuthn credential), either being bound (`payload.purpose = 'bind'`) or
 * answering a challenge (`'challenge'`). `NewPasswordIdentity` is a registration's username and
 * password (the hash in `payload.passwordHash`), checked but proving nothing yet. `OneTimeToken`
 * proves an e-mail address by a token the management API issued for it (Logto's magic link).
 */
export type VerificationType =
  | 'Password'
  | 'NewPasswordIdentity'
  | 'EmailVerificationCode'
  | 'PhoneVerificationCode'
  | 'OneTimeToken'
  | 'Social'
  | 'EnterpriseSso'
  | 'Totp'
  | 'BackupCode'
  | 'WebAuthn';

export type IdentifierType = 'username' | 'email' | 'phone';

export interface InteractionIdentifier {
  type: IdentifierType;
  value: string;
}

/**
 * What an interaction collected for the account: a registration's new user, a reset password, an
 * e-mail or phone to link at sign-in. E-mail and phone only ever come from verified codes.
 */
export interface ExperienceProfile {
  username?: string;
  passwordHash?: string;
  primaryEmail?: string;
  primaryPhone?: string;
  /** Second factors to bind at submit: verified `bind` verifications of this interaction. */
  mfa?: { type: 'Totp' | 'WebAuthn' | 'BackupCode'; verificationId: string }[];
  /** A user-controlled policy's offer of a second factor was declined. */
  mfaSkipped?: boolean;
  name?: string;
  avatar?: string;
  /** Values of the custom profile fields, by field name, checked when given (`PATCH /profile`). */
  customProfile?: Record<string, unknown>;
  /** A social identity to store under the account's `identities` at submit. */
  socialIdentity?: { target: string; userId: string; details: Record<string, unknown> };
  /** An enterprise SSO identity to link at submit (and the connector whose organizations JIT-provision). */
  ssoIdentity?: { connectorId: string; issuer: string; identityId: string; detail: Record<string, unknown> };
}

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface ExperienceInteractionsTable {
  /** The oidc-provider interaction this state belongs to. */
  interaction_uid: string;
  interaction_event: InteractionEvent;
  application_id: string;
  /** The identified user, once `POST /api/experience/identification` succeeded. */
  user_id: string | null;
  profile: JSONColumnType<ExperienceProfile, string | undefined, string>;
  created_at: CreatedAt;
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
  /**
   * Type-specific data. Never a user's long-lived secret in clear, except a TOTP secret being
   * bound (shown to the user anyway, gone with the interaction within the hour). A social or SSO
   * verification keeps its PKCE verifier and nonce here only until its callback is verified.
   */
  payload: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  /** Null until verified: a code is sent first and checked later. */
  verified_at: Date | null;
  created_at: CreatedAt;
}

export type CodePurpose = 'Experience' | 'Account' | 'Management';

export interface VerificationCodesTable {
  id: string;
  purpose: CodePurpose;
  interaction_uid: string | null;
  user_id: string | null;
  identifier_type: 'email' | 'phone';
  identifier_value: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Date;
  verified_at: Date | null;
  consumed_at: Date | null;
  created_at: CreatedAt;
}

export interface RecordedMessagesTable {
  id: string;
  channel: 'email' | 'phone';
  recipient: string;
  purpose: string;
  subject: string;
  content: string;
  code: string | null;
  /** The template's values (Logto's message `payload`): `code`, an invitation's `link`, ... */
  payload: JSONColumnType<Record<string, string>>;
  created_at: CreatedAt;
}

export interface MessageSendLimitsTable {
  recipient: string;
  sent_at: Date[];
}

/**
 * See migrations 0009 and 0060: the Account API's verification records of a user, until
 * `expires_at`. `Password`: the user proved their password. `Social`: an identity to link, its
 * authorization session in `payload` until the callback is verified (`verified_at`), then the identity.
 */
export interface IdentityVerificationsTable {
  id: string;
  user_id: string;
  method: 'Password' | 'Social';
  payload: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  verified_at: Date | null;
  expires_at: Date;
  created_at: Generated<Date>;
}

/** The kind of secret a failure count is kept for: each factor's failures are counted apart. */
export type LockoutFactor = 'Password' | 'VerificationCode' | 'Totp' | 'BackupCode' | 'WebAuthn';

export interface IdentifierLockoutsTable {
  /** `user` when the lock is on an account (its id), else the identifier's type. */
  identifier_type: IdentifierType | 'user';
  identifier_value: string;
  factor: LockoutFactor;
  failures: number;
  window_started_at: Date;
  locked_until: Date | null;
}

export interface SignInExperienceTable {
  id: string;
  settings: JSONColumnType<Record<string, unknown>, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface AccountCenterTable {
  id: string;
  enabled: boolean;
  fields: JSONColumnType<Record<string, string>, string, string>;
  webauthn_related_origins: JSONColumnType<string[], string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface OrganizationJitEmailDomainsTable {
  organization_id: string;
  email_domain: string;
  created_at: CreatedAt;
}

export interface OrganizationJitRolesTable {
  organization_id: string;
  organization_role_id: string;
  created_at: CreatedAt;
}

/** Tables of the experience domain (JIT provisioning rules included: only sign-up reads them). */
export interface ExperienceTables {
  experience_interactions: ExperienceInteractionsTable;
  experience_verifications: ExperienceVerificationsTable;
  verification_codes: VerificationCodesTable;
  recorded_messages: RecordedMessagesTable;
  message_send_limits: MessageSendLimitsTable;
  identifier_lockouts: IdentifierLockoutsTable;
  identity_verifications: IdentityVerificationsTable;
  sign_in_experience: SignInExperienceTable;
  account_center: AccountCenterTable;
  organization_jit_email_domains: OrganizationJitEmailDomainsTable;
  organization_jit_roles: OrganizationJitRolesTable;
}

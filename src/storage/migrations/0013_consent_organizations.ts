import { sql, type Kysely } from 'kysely';

/**
 * Three additions. The organizations a user let a third-party application act in, chosen on the
 * consent page (Logto keeps the same choice per application and user); the key into
 * organization_users means leaving an organization withdraws the consent for it. Passkey
 * registrations through /api/verifications/web-authn/registration: the challenge until the
 * browser answers, then the verified credential until it is bound as an MFA factor. And when a
 * user declined to bind a second factor under a user-controlled policy, so that sign-ins offer
 * it once rather than every time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE application_user_consent_organizations (
      application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      user_id text NOT NULL,
      organization_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (application_id, user_id, organization_id),
      FOREIGN KEY (organization_id, user_id)
        REFERENCES organization_users (organization_id, user_id) ON DELETE CASCADE
    );
    CREATE INDEX application_user_consent_organizations_member
      ON application_user_consent_organizations (organization_id, user_id);

    CREATE TABLE account_webauthn_registrations (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      challenge text NOT NULL,
      credential jsonb,
      agent text,
      verified_at timestamptz,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX account_webauthn_registrations_expires_at ON account_webauthn_registrations (expires_at);

    ALTER TABLE users ADD COLUMN mfa_skipped_at timestamptz;
  `.execute(db);
}

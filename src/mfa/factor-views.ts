import type { MfaRow } from './mfa.repository.js';
import type { StoredCredential } from './webauthn.js';

/** The WebAuthn credentials among a user's factors. */
export function credentialsOf(rows: MfaRow[]): StoredCredential[] {
  return rows.flatMap((row) =>
    row.type === 'WebAuthn' && row.credential_id && row.public_key
      ? [
          {
            id: row.credential_id,
            publicKey: row.public_key,
            counter: Number(row.sign_count ?? 0),
            transports: row.transports ?? [],
          },
        ]
      : [],
  );
}

/** Logto's shape of a bound factor; secrets and keys never leave. */
export function toFactorResponse(row: MfaRow) {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    type: row.type,
    ...(row.agent ? { agent: row.agent } : {}),
    ...(row.last_used_at ? { lastUsedAt: row.last_used_at.toISOString() } : {}),
    ...(row.type === 'BackupCode' ? { remainCodes: Number(row.remain_codes ?? 0) } : {}),
  };
}

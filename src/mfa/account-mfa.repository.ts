import { sql } from 'kysely';
import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';
import type { StoredCredential } from './webauthn.js';

/** The user's backup codes in the order they were made: only whether and when each was used. */
export async function backupCodeUses(db: Db, userId: string) {
  return db
    .selectFrom('user_backup_codes as c')
    .innerJoin('user_mfa_verifications as v', 'v.id', 'c.verification_id')
    .select(['c.used_at'])
    .where('v.user_id', '=', userId)
    .where('v.type', '=', 'BackupCode')
    .orderBy('c.used_at', (ob) => ob.asc().nullsFirst())
    .execute();
}

/** A new passkey registration of the user; the expired ones of anyone go at the same time. */
export async function insertWebAuthnRegistration(
  db: Db,
  record: { id: string; userId: string; challenge: string; lifetimeSeconds: number },
): Promise<Date> {
  await db
    .deleteFrom('account_webauthn_registrations')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
  const row = await db
    .insertInto('account_webauthn_registrations')
    .values({
      id: record.id,
      user_id: record.userId,
      challenge: record.challenge,
      expires_at: sql<Date>`now() + make_interval(secs => ${record.lifetimeSeconds}::int)`,
    })
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return row.expires_at;
}

/** The user's live registration that the browser has not answered yet. */
export async function pendingWebAuthnRegistration(db: Db, id: string, userId: string) {
  return db
    .selectFrom('account_webauthn_registrations')
    .select(['id', 'challenge'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('verified_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

export async function completeWebAuthnRegistration(
  db: Db,
  id: string,
  credential: StoredCredential,
  agent: string | undefined,
): Promise<boolean> {
  const result = await db
    .updateTable('account_webauthn_registrations')
    .set({ credential: json(credential), agent: agent ?? null, verified_at: new Date() })
    .where('id', '=', id)
    .where('verified_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Takes the verified credential out of the record (once), to bind it. */
export async function consumeWebAuthnRegistration(db: Db, id: string, userId: string) {
  return db
    .deleteFrom('account_webauthn_registrations')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('verified_at', 'is not', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['credential', 'agent'])
    .executeTakeFirst();
}

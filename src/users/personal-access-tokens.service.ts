import type { Transaction } from 'kysely';
import { writeLog } from '../audit/write-log.js';
import { apiError } from '../http/error-registry.js';
import { newSecret, secretDigest } from '../storage/ids.js';
import type { Database } from '../storage/schema.js';
import type { SecretBox } from '../storage/secret-box.js';
import * as repository from './personal-access-tokens.repository.js';
import { getUser } from './users.service.js';

type Trx = Transaction<Database>;

/** Logto's spelling of a personal access token: a prefix and 32 random characters. */
export const PERSONAL_ACCESS_TOKEN_PREFIX = 'pat_';

/** The audit log key of a management call that showed personal access token values. */
export const PAT_REVEAL_LOG_KEY = 'PersonalAccessToken.Reveal';

export interface PatAccess {
  box: SecretBox;
  reader: { applicationId: string | null; userId: string | null; ip: string; userAgent?: string };
}

export interface PersonalAccessTokenResponse {
  userId: string;
  name: string;
  value: string | null;
  createdAt: number;
  expiresAt: number | null;
}

/** Bound to its user: a sealed value copied into another user's row does not open. */
const sealContext = (userId: string) => `personal-access-token:${userId}`;

const nameExists = (name: string) => apiError('user.personal_access_token_name_exists', { name });
const tokenNotFound = (name: string) => apiError('entity.not_found#personal_access_token', { name });

function toResponse(access: Pick<PatAccess, 'box'>, row: repository.PersonalAccessTokenRow) {
  return {
    userId: row.user_id,
    name: row.name,
    value: access.box.open(row.sealed_value, sealContext(row.user_id)) ?? null,
    createdAt: row.created_at.getTime(),
    expiresAt: row.expires_at?.getTime() ?? null,
  } satisfies PersonalAccessTokenResponse;
}

/** Values shown to a management caller are audited (who read whose tokens; never a value). */
async function reveal(trx: Trx, access: PatAccess, rows: repository.PersonalAccessTokenRow[]) {
  const shown = rows.map((row) => toResponse(access, row));
  const names = shown.filter((token) => token.value !== null).map((token) => token.name);
  if (names.length > 0) {
    const { reader } = access;
    await writeLog(trx, {
      key: PAT_REVEAL_LOG_KEY,
      userId: rows[0]!.user_id,
      applicationId: reader.applicationId,
      payload: { result: 'Success', tokenNames: names, reader, ip: reader.ip, userAgent: reader.userAgent },
    });
  }
  return shown;
}

export async function listTokens(trx: Trx, access: PatAccess, userId: string) {
  await getUser(trx, userId);
  return reveal(trx, access, await repository.listTokens(trx, userId));
}

export async function createToken(
  trx: Trx,
  access: Pick<PatAccess, 'box'>,
  userId: string,
  input: { name: string; expiresAt?: number | null },
): Promise<PersonalAccessTokenResponse> {
  await getUser(trx, userId);
  if (input.expiresAt != null && input.expiresAt <= Date.now()) {
    throw apiError('request.invalid_input', { message: 'The value of `expiresAt` must be in the future.' });
  }
  if (await repository.tokenNameTaken(trx, userId, input.name)) throw nameExists(input.name);
  const value = `${PERSONAL_ACCESS_TOKEN_PREFIX}${newSecret(24)}`;
  const row = await uniquely(
    () => nameExists(input.name),
    () =>
      repository.insertToken(trx, {
        user_id: userId,
        name: input.name,
        digest: secretDigest(value),
        sealed_value: access.box.seal(value, sealContext(userId)),
        expires_at: input.expiresAt == null ? null : new Date(input.expiresAt),
      }),
  );
  return { ...toResponse(access, row), value };
}

export async function renameToken(
  trx: Trx,
  access: PatAccess,
  userId: string,
  name: string,
  newName: string,
) {
  await getUser(trx, userId);
  if (newName !== name && (await repository.tokenNameTaken(trx, userId, newName))) throw nameExists(newName);
  const row = await uniquely(
    () => nameExists(newName),
    () => repository.renameToken(trx, userId, name, newName),
  );
  if (!row) throw tokenNotFound(name);
  return (await reveal(trx, access, [row]))[0]!;
}

export async function deleteToken(trx: Trx, userId: string, name: string): Promise<void> {
  await getUser(trx, userId);
  if (!(await repository.deleteToken(trx, userId, name))) throw tokenNotFound(name);
}

/** A concurrent writer of the same name trips the primary key: the same 422 as the check. */
async function uniquely<T>(conflict: () => Error, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    throw code === '23505' && constraint === 'personal_access_tokens_pkey' ? conflict() : error;
  }
}

import { apiError } from '../http/error-registry.js';
import type { Db } from '../storage/database.js';
import { newId, newSecret, secretDigest } from '../storage/ids.js';
import type { SecretBox } from '../storage/secret-box.js';
import type { OneTimeTokenContext, OneTimeTokenStatus } from '../storage/tables/tokens.js';
import { foldIdentifierText } from './fold-identifier.js';
import * as repository from './one-time-tokens.repository.js';

/** Logto's default lifetime of a one-time token: ten minutes. */
export const DEFAULT_ONE_TIME_TOKEN_TTL_SECONDS = 600;

export interface OneTimeTokenResponse {
  id: string;
  email: string;
  /** Null only when the installation key that sealed it is gone. */
  token: string | null;
  context: OneTimeTokenContext;
  status: OneTimeTokenStatus;
  createdAt: number;
  expiresAt: number;
}

const sealContext = (id: string) => `one-time-token:${id}`;
const notFound = (id: string) => apiError('entity.not_exists_with_id', { entity: 'one-time token', id });

function toResponse(box: SecretBox, row: repository.OneTimeTokenRow, now = Date.now()): OneTimeTokenResponse {
  return {
    id: row.id,
    email: row.email,
    token: box.open(row.sealed_value, sealContext(row.id)) ?? null,
    context: row.context,
    status: row.status === 'Active' && row.expires_at.getTime() <= now ? 'Expired' : row.status,
    createdAt: row.created_at.getTime(),
    expiresAt: row.expires_at.getTime(),
  };
}

export async function createToken(
  db: Db,
  box: SecretBox,
  input: { email: string; expiresIn?: number; context?: OneTimeTokenContext },
): Promise<OneTimeTokenResponse> {
  const id = newId();
  const value = newSecret(24);
  const ttl = input.expiresIn ?? DEFAULT_ONE_TIME_TOKEN_TTL_SECONDS;
  const row = await repository.insertToken(db, {
    id,
    email: foldIdentifierText(input.email),
    digest: secretDigest(value),
    sealed_value: box.seal(value, sealContext(id)),
    context: input.context ?? {},
    expires_at: new Date(Date.now() + ttl * 1000),
  });
  return { ...toResponse(box, row), token: value };
}

export async function listTokens(
  db: Db,
  box: SecretBox,
  filter: repository.OneTimeTokenFilter,
  page: { limit: number; offset: number },
) {
  const normalized = { ...filter, email: filter.email && foldIdentifierText(filter.email) };
  const [rows, total] = await Promise.all([
    repository.listTokens(db, normalized, page),
    repository.countTokens(db, normalized),
  ]);
  return { items: rows.map((row) => toResponse(box, row)), total };
}

export async function getToken(db: Db, box: SecretBox, id: string): Promise<OneTimeTokenResponse> {
  const row = await repository.findToken(db, id);
  if (!row) throw notFound(id);
  return toResponse(box, row);
}

/** Consumed, revoked or expired by hand; nothing turns a token active again. */
export async function setStatus(db: Db, box: SecretBox, id: string, status: OneTimeTokenStatus) {
  if (status === 'Active') throw apiError('one_time_token.cannot_reactivate_token');
  const row = await repository.setStatus(db, id, status);
  if (!row) throw notFound(id);
  return toResponse(box, row);
}

export async function deleteToken(db: Db, id: string): Promise<void> {
  if (!(await repository.deleteToken(db, id))) throw notFound(id);
}

/**
 * Uses a token for its e-mail address: consumed in one statement when it is active and unexpired,
 * otherwise Logto's reason (unknown, another address, expired, consumed, revoked).
 */
export async function consumeToken(db: Db, box: SecretBox, token: string, email: string) {
  const digest = secretDigest(token);
  const folded = foldIdentifierText(email);
  const consumed = await repository.consumeToken(db, digest, folded);
  if (consumed) return toResponse(box, consumed);
  const row = await repository.findTokenByDigest(db, digest);
  if (!row) throw apiError('one_time_token.token_not_found');
  if (row.email !== folded) throw apiError('one_time_token.email_mismatch');
  const { status } = toResponse(box, row);
  if (status === 'Consumed') throw apiError('one_time_token.token_consumed');
  if (status === 'Revoked') throw apiError('one_time_token.token_revoked');
  throw apiError('one_time_token.token_expired');
}

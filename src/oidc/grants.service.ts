import { apiError } from '../http/error-registry.js';
import { notFound } from '../http/errors.js';
import type { Db } from '../storage/database.js';
import * as repository from './grants.repository.js';

/** A grant as the management API shows it (Logto's shape: the provider payload, expiry in ms). */
export interface UserGrant {
  id: string;
  payload: GrantPayload;
  expiresAt: number;
}

export interface GrantPayload {
  exp: number;
  iat: number;
  jti: string;
  kind: 'Grant';
  clientId: string;
  accountId: string;
  openid?: { scope?: string; claims?: string[] };
  resources?: Record<string, string>;
}

/** The user's active grants (unexpired; revoked ones are gone), oldest first. */
export async function listUserGrants(
  db: Db,
  userId: string,
  appType?: repository.AppType,
): Promise<UserGrant[]> {
  await assertUser(db, userId);
  const rows = await repository.listActiveGrants(db, userId, appType);
  return rows.map((row) => {
    const payload = row.payload as unknown as GrantPayload;
    return {
      id: row.id,
      payload: {
        exp: payload.exp,
        iat: payload.iat,
        jti: payload.jti ?? row.id,
        kind: 'Grant',
        clientId: payload.clientId,
        accountId: payload.accountId,
        ...(payload.openid ? { openid: payload.openid } : {}),
        ...(payload.resources ? { resources: payload.resources } : {}),
      },
      expiresAt: row.expires_at?.getTime() ?? payload.exp * 1000,
    };
  });
}

/** Revokes one of the user's grants: its refresh tokens, codes and stored access tokens stop working. */
export async function revokeUserGrant(db: Db, userId: string, grantId: string): Promise<void> {
  await assertUser(db, userId);
  if (!(await repository.revokeUserGrant(db, userId, grantId))) throw notFound('grant', grantId);
}

async function assertUser(db: Db, userId: string): Promise<void> {
  if (!(await repository.userExists(db, userId))) throw apiError('entity.not_found#user', { id: userId });
}

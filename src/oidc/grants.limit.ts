import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../storage/database.js';
import { toApplicationEntity } from '../webhooks/entities.js';
import type { Deliveries } from '../webhooks/deliveries.js';
import {
  activeGrantIds,
  findApplicationWithLimit,
  lockUserApplication,
  revokeGrants,
} from './grants.repository.js';

/** The grant an authorization just issued or extended, and where the request came from. */
export interface IssuedGrant {
  userId: string;
  applicationId: string;
  grantId: string;
  ip?: string;
  userAgent?: string;
}

/**
 * Enforces `maxAllowedGrants` on every successful authorization. oidc-provider only emits
 * `authorization.success` synchronously, so the listener notes the grant and a middleware
 * enforces the limit before the response leaves: the application never receives a code while
 * the user is over the limit. A failure fails the authorization rather than skip the limit.
 */
/** Where the limit reads grants and hands over its events. */
export interface GrantLimitStores {
  db: Db;
  deliveries: Deliveries;
}

export function enforceGrantLimitOnAuthorization(provider: Provider, stores: GrantLimitStores): void {
  const issued = new WeakMap<object, IssuedGrant>();

  provider.on('authorization.success', (ctx: KoaContextWithOIDC) => {
    const clientId = ctx.oidc.client?.clientId;
    const session = ctx.oidc.entities.Session;
    const userId = session?.accountId;
    const grantId = clientId ? (session?.grantIdFor(clientId) ?? ctx.oidc.grant?.jti) : undefined;
    if (!clientId || !userId || !grantId) return;
    issued.set(ctx, {
      userId,
      applicationId: clientId,
      grantId,
      ip: ctx.ip,
      userAgent: ctx.get('user-agent') || undefined,
    });
  });

  provider.use(async (ctx, next) => {
    await next();
    const grant = issued.get(ctx);
    if (grant) await enforceGrantLimit(stores, grant);
  });
}

/**
 * Revokes the user's oldest grants for the application down to its limit and fires
 * `Grant.LimitExceeded` when any was revoked. Count, revocation and event share one transaction
 * under a per-user-and-application lock, so concurrent authorizations cannot both pass the limit.
 */
export async function enforceGrantLimit(
  { db, deliveries }: GrantLimitStores,
  issued: IssuedGrant,
): Promise<string[]> {
  const application = await findApplicationWithLimit(db, issued.applicationId);
  const limit = application?.custom_client_metadata.maxAllowedGrants;
  if (!application || typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) return [];

  const outbox = deliveries.outbox();
  const revokedGrantIds = await db.transaction().execute(async (trx) => {
    await lockUserApplication(trx, issued.userId, issued.applicationId);
    const active = await activeGrantIds(trx, issued.userId, issued.applicationId);
    const revoked = oldestBeyondLimit(active, limit, issued.grantId);
    if (revoked.length === 0) return revoked;
    await revokeGrants(trx, revoked);
    await outbox.write(trx, { ip: issued.ip, userAgent: issued.userAgent }, [
      {
        event: 'Grant.LimitExceeded',
        payload: {
          userId: issued.userId,
          applicationId: issued.applicationId,
          application: toApplicationEntity(application),
          maxAllowedGrants: limit,
          preRevocationActiveGrantCount: active.length,
          revokedGrantIds: revoked,
        },
      },
    ]);
    return revoked;
  });
  outbox.committed();
  return revokedGrantIds;
}

/** The grants to revoke, oldest first: never the one this authorization issued or extended. */
export function oldestBeyondLimit(activeIds: string[], limit: number, keepId: string): string[] {
  const excess = activeIds.length - limit;
  if (excess <= 0) return [];
  return activeIds.filter((id) => id !== keepId).slice(0, excess);
}

import type { ResourceByIndicator } from '../oidc/resource-lookup.js';
import type { Clock } from '../storage/clock.js';
import type { Db } from '../storage/database.js';
import { secretDigest } from '../storage/ids.js';
import { findTokenByDigest } from '../users/personal-access-tokens.repository.js';
import { PERSONAL_ACCESS_TOKEN_PREFIX } from '../users/personal-access-tokens.service.js';
import { userResourceScopeNames } from '../users/user-scopes.repository.js';
import { refusal } from './exchange-errors.js';
import type { ExchangeSubject } from './exchange-steps.js';

const unusable = 'subject_token is invalid or expired';

/**
 * A user's personal access token as the subject (Logto's PAT exchange): not consumed, good until
 * it expires or is deleted, while its user is not suspended. The issued token carries the
 * requested scopes the user holds on the resource and never outlives the PAT.
 */
export async function subjectFromPersonalAccessToken(
  { db, clock }: { db: Db; clock: Clock },
  token: string,
  resource: ResourceByIndicator,
): Promise<ExchangeSubject> {
  if (!token.startsWith(PERSONAL_ACCESS_TOKEN_PREFIX)) {
    throw refusal('invalid_grant', unusable, 'malformed personal access token');
  }
  const row = await findTokenByDigest(db, secretDigest(token));
  if (!row) throw refusal('invalid_grant', unusable, 'unknown personal access token');
  const fail = (description: string, reason: string) => {
    const error = refusal('invalid_grant', description, reason);
    error.auditSubject = { userId: row.user_id };
    return error;
  };
  if (row.expires_at && row.expires_at.getTime() <= clock.now()) {
    throw fail(unusable, `expired personal access token ${row.name}`);
  }
  if (row.is_suspended) throw fail('the subject user is suspended', 'suspended user');
  return {
    userId: row.user_id,
    context: {},
    heldScopes: await userResourceScopeNames(db, row.user_id, { id: resource.id }),
    notAfter: row.expires_at ? Math.floor(row.expires_at.getTime() / 1000) : undefined,
  };
}

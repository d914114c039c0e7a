import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import { invalidInput, notFound } from '../http/errors.js';
import { apiError } from '../http/error-registry.js';
import type { Clock } from '../storage/clock.js';
import type { Db } from '../storage/database.js';
import { newId } from '../storage/ids.js';
import { storeInGroup } from './subject-token-groups.js';

export const SUBJECT_TOKEN_PREFIX = 'sub_';
/** `sub_` and 32 random bytes in base64url: 256 bits. */
const tokenPattern = /^sub_[A-Za-z0-9_-]{43}$/;

export function hashSubjectToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isWellFormedSubjectToken(token: string): boolean {
  return tokenPattern.test(token);
}

export interface SubjectTokenRequest {
  userId: string;
  context: Record<string, unknown>;
  /** The machine-to-machine application that asked. */
  applicationId: string;
}

/**
 * Issues a single-use subject token for a user. Only its hash is stored; the caller gets the
 * token once. Who may impersonate whom is the integrator's decision, made before this call.
 */
export async function issueSubjectToken(
  db: Db,
  config: Config,
  clock: Clock,
  request: SubjectTokenRequest,
): Promise<{ subjectToken: string; expiresIn: number }> {
  if ('act' in request.context) {
    throw invalidInput('`context.act` is reserved: an impersonation cannot be delegated further.');
  }
  const subjectToken = `${SUBJECT_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const expiresIn = config.subjectTokenTtlSeconds;
  const id = newId();
  const { userId, applicationId } = request;
  const result = await storeInGroup(db, {
    token: {
      id,
      tokenHash: hashSubjectToken(subjectToken),
      userId,
      context: request.context,
      applicationId: applicationId || null,
      expiresAt: new Date(clock.now() + expiresIn * 1000),
    },
    log: {
      id: newId(),
      applicationId: applicationId ?? null,
      payload: {
        result: 'Success',
        applicationId,
        userId,
        subjectTokenId: id,
        context: request.context,
        expiresIn,
      },
    },
  });
  if (result === 'user_not_found') throw notFound('user', userId);
  if (result === 'user_suspended') throw apiError('user.suspended#subject_token');
  return { subjectToken, expiresIn };
}

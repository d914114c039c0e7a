import type { FastifyRequest } from 'fastify';
import { loadSignInExperience } from '../sign-in-experience/sign-in-experience.js';
import { assertPasswordAccepted } from '../experience/password-policy.js';
import { apiError } from '../http/error-registry.js';
import { mutate } from '../webhooks/mutation.js';
import { hashPassword } from '../users/passwords.js';
import { createUser } from '../users/users.service.js';
import { closeSetup, grantAdministrator, lockSetup, setupClosed } from './console.repository.js';

export interface FirstAdministrator {
  username: string;
  password: string;
}

/**
 * First run: the first administrator, created only while setup is open, i.e. before the
 * installation was administered in any way. Setup closes in the same transaction, for good: an
 * installation whose administrators were all removed stays closed (recovery is
 * `tessera create-admin` on the host). The check, the insert and the closing share one
 * transaction under an advisory lock, so of concurrent setups exactly one succeeds.
 */
export async function createFirstAdministrator(request: FastifyRequest, input: FirstAdministrator) {
  const { db } = request.server.services;
  if (await setupClosed(db)) throw setupDone();
  const { passwordPolicy } = await loadSignInExperience(db);
  assertPasswordAccepted(passwordPolicy, input.password, { username: input.username });
  const passwordHash = await hashPassword(input.password);
  return mutate(request, 201, async (trx, events) => {
    await lockSetup(trx);
    if (await setupClosed(trx)) throw setupDone();
    const user = await createUser(trx, events, { username: input.username, passwordHash });
    await grantAdministrator(trx, user.id);
    await closeSetup(trx, 'setup');
    return user;
  });
}

const setupDone = () => apiError('console.setup_done');

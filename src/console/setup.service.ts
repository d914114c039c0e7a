import type { FastifyRequest } from 'fastify';
import { loadSignInExperience } from '../experience/sign-in-experience.js';
import { assertPasswordAccepted } from '../experience/password-policy.js';
import { ApiError } from '../http/errors.js';
import { mutate } from '../management/mutation.js';
import { hashPassword } from '../users/passwords.js';
import { createUser } from '../users/users.service.js';
import { administratorExists, grantAdministrator, lockSetup } from './console.repository.js';

export interface FirstAdministrator {
  username: string;
  password: string;
}

/**
 * First run: the first administrator, created only while none exists. The check and the insert
 * share one transaction under an advisory lock, so of concurrent setups exactly one succeeds.
 */
export async function createFirstAdministrator(request: FastifyRequest, input: FirstAdministrator) {
  const { db } = request.server.services;
  if (await administratorExists(db)) throw setupDone();
  const { passwordPolicy } = await loadSignInExperience(db);
  assertPasswordAccepted(passwordPolicy, input.password, { username: input.username });
  const passwordHash = await hashPassword(input.password);
  return mutate(request, 201, async (trx, events) => {
    await lockSetup(trx);
    if (await administratorExists(trx)) throw setupDone();
    const user = await createUser(trx, events, { username: input.username, passwordHash });
    await grantAdministrator(trx, user.id);
    return user;
  });
}

const setupDone = () =>
  new ApiError(409, 'console.setup_done', 'An administrator exists already; sign in to the console.');

import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import type { AccountCaller } from '../account/account-auth.js';
import { apiError } from '../http/error-registry.js';
import { newId } from '../storage/ids.js';
import { getUser } from '../users/users.service.js';
import {
  completeWebAuthnRegistration,
  insertWebAuthnRegistration,
  pendingWebAuthnRegistration,
} from './account-mfa.repository.js';
import { assertFactorAllowed } from './account-mfa.service.js';
import { webAuthnFailed } from './errors.js';
import { credentialsOf } from './factor-views.js';
import { listFactors } from './mfa.repository.js';
import { factorLabel } from './user-mfa.service.js';
import { registrationOptions, verifyRegistration } from './webauthn.js';

/** How long the browser has to answer a registration, and then to bind the passkey. */
const REGISTRATION_SECONDS = 600;

/** Logto's WebAuthn verification record: options for navigator.credentials.create(). */
export async function startAccountWebAuthnRegistration(request: FastifyRequest, caller: AccountCaller) {
  const { config, db } = request.server.services;
  await assertFactorAllowed(db, 'WebAuthn');
  const user = await getUser(db, caller.userId);
  const label = factorLabel(user);
  const bound = credentialsOf(await listFactors(db, caller.userId));
  const options = await registrationOptions(config, 'Tessera', { name: label, displayName: label }, bound);
  const id = newId();
  const expiresAt = await insertWebAuthnRegistration(db, {
    id,
    userId: caller.userId,
    challenge: options.challenge,
    lifetimeSeconds: REGISTRATION_SECONDS,
  });
  const json = options as unknown as Record<string, unknown>;
  return { verificationRecordId: id, registrationOptions: json, expiresAt: expiresAt.toISOString() };
}

/** The browser's answer proves the new credential; the record can then bind it (once). */
export async function verifyAccountWebAuthnRegistration(
  request: FastifyRequest,
  caller: AccountCaller,
  id: string,
  response: RegistrationResponseJSON,
) {
  const { config, db } = request.server.services;
  const record = await pendingWebAuthnRegistration(db, id, caller.userId);
  if (!record) {
    throw apiError('verification_record.not_found#pending_passkey');
  }
  const credential = await verifyRegistration(config, record.challenge, response);
  if (!credential) throw webAuthnFailed();
  const agent = request.headers['user-agent']?.slice(0, 512);
  if (!(await completeWebAuthnRegistration(db, id, credential, agent))) throw webAuthnFailed();
  return { verificationRecordId: id };
}

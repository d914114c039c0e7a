import type { FastifyRequest } from 'fastify';
import type { Interaction } from 'oidc-provider';
import { newId } from '../storage/ids.js';
import { consumeToken } from '../users/one-time-tokens.service.js';
import { normalizeIdentifier } from '../users/normalize-identifier.js';
import { findUserByIdentifier } from './accounts.repository.js';
import * as repository from './experience.repository.js';

/** The e-mail address a verified one-time token proved, and the organizations it joins. */
export interface OneTimeTokenProof {
  email: string;
  jitOrganizationIds: string[];
}

/**
 * Logto's one-time token verification: the token is consumed for its e-mail address at once (a
 * token that fails says why, in Logto's codes), and the verification proves control of the
 * address like a verified code, to sign in with or register.
 */
export async function verifyOneTimeTokenIdentity(
  request: FastifyRequest,
  interaction: Interaction,
  input: { identifier: { type: 'email'; value: string }; token: string },
): Promise<string> {
  const { db, secretBox } = request.server.services;
  const identifier = normalizeIdentifier(input.identifier);
  const consumed = await consumeToken(db, secretBox, input.token, identifier.value);
  const account = await findUserByIdentifier(db, identifier);
  const id = newId();
  await repository.insertVerification(db, {
    id,
    interactionUid: interaction.uid,
    type: 'OneTimeToken',
    identifier,
    userId: account?.id ?? null,
    verifiedAt: new Date(),
    payload: { oneTimeTokenId: consumed.id, jitOrganizationIds: consumed.context.jitOrganizationIds ?? [] },
  });
  return id;
}

/**
 * Whether a one-time token this interaction verified invites `email` (any address when omitted):
 * as in Logto, an administrator's token registers its address even while registration is closed.
 */
export async function invitedByOneTimeToken(
  db: Parameters<typeof repository.verifiedOneTimeTokens>[0],
  interactionUid: string,
  email?: string,
): Promise<boolean> {
  const rows = await repository.verifiedOneTimeTokens(db, interactionUid);
  return rows.some((row) => email === undefined || row.identifier?.value === email.toLowerCase());
}

/** The organizations the verified one-time tokens of this interaction for `email` name. */
export async function oneTimeTokenOrganizations(
  db: Parameters<typeof repository.verifiedVerifications>[0],
  interactionUid: string,
  email: string | undefined,
): Promise<string[]> {
  if (!email) return [];
  const rows = await repository.verifiedOneTimeTokens(db, interactionUid);
  const ids = rows
    .filter((row) => row.identifier?.value === email.toLowerCase())
    .flatMap((row) => (row.payload.jitOrganizationIds as string[] | undefined) ?? []);
  return [...new Set(ids)];
}

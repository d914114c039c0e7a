import type { FastifyRequest } from 'fastify';
import { apiError } from '../http/error-registry.js';
import { findApplication, findUserStatus } from '../experience/accounts.repository.js';

export interface AccountCaller {
  userId: string;
  /** The application the token was issued to: the `applicationId` of events this caller fires. */
  applicationId: string;
  /** The grant the token was issued under: it names the browser session the caller signed in with. */
  grantId: string | undefined;
}

const missing = () => apiError('auth.authorization_header_missing#account');
const unauthorized = () => apiError('auth.unauthorized');
const thirdParty = () => apiError('auth.forbidden#third_party_account');

/**
 * The Account API acts for the user of the access token: an opaque access token this service
 * issued at sign-in (the one for userinfo), found in the provider's store, unexpired, with the
 * `openid` scope, of a user who still exists and is not suspended, issued to a first-party
 * application. JWT access tokens are bound to another API resource (and impersonation tokens are
 * JWTs), so they are not accepted here. A third-party application's token carries only what the
 * user consented to share with it, never the power to read or change the account.
 */
export async function authenticateAccount(request: FastifyRequest): Promise<AccountCaller> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer ([\w.~+/-]+=*)$/i.exec(header) : null;
  if (!match) throw missing();
  const token = match[1]!;
  if (token.split('.').length === 3) throw unauthorized();
  const { provider, db } = request.server.services;
  const found = await provider.AccessToken.find(token);
  if (!found || found.isExpired || !found.accountId || !found.scopes.has('openid')) throw unauthorized();
  if ((found.extra as Record<string, unknown> | undefined)?.act !== undefined) throw unauthorized();
  const application = found.clientId ? await findApplication(db, found.clientId) : undefined;
  if (!application) throw unauthorized();
  if (application.is_third_party) throw thirdParty();
  const user = await findUserStatus(db, found.accountId);
  if (!user || user.is_suspended) throw unauthorized();
  return { userId: user.id, applicationId: application.id, grantId: found.grantId };
}

import type { FastifyPluginAsync } from 'fastify';
import { refuseUndeclaredMembers } from '../http/request-members.js';
import { connectorsRoutes } from '../connectors/connectors.routes.js';
import { ssoConnectorsRoutes } from '../sso/sso-connectors.routes.js';
import { ssoJitRoutes } from '../sso/sso-jit.routes.js';
import { userIdentitiesRoutes } from '../social/identities.routes.js';
import { logsRoutes } from '../audit/logs.routes.js';
import { signInExperienceRoutes } from '../sign-in-experience/sign-in-experience.routes.js';
import { accountCenterRoutes } from '../sign-in-experience/account-center.routes.js';
import { sentinelActivitiesRoutes } from '../experience/sentinel-activities.routes.js';
import { jwtCustomizerRoutes } from '../impersonation/jwt-customizer.routes.js';
import { subjectTokensRoutes } from '../impersonation/subject-tokens.routes.js';
import { limitsRoutes } from '../console/limits.routes.js';
import { messagesRoutes } from '../messages/messages.routes.js';
import { emailTemplatesRoutes } from '../messages/email-templates.routes.js';
import { customProfileFieldsRoutes } from '../custom-profile-fields/custom-profile-fields.routes.js';
import { organizationsRoutes } from '../organizations/organizations.routes.js';
import { hooksRoutes } from '../webhooks/hooks.routes.js';
import { applicationsRoutes } from './applications.routes.js';
import { closeSetup } from '../console/console.repository.js';
import { forgetApplicationScopes } from '../oidc/application-scopes.js';
import { forgetManagementStandings } from './access.js';
import type { ManagementAuthenticator } from './auth.js';
import { oidcKeysRoutes } from './oidc-keys.routes.js';
import { oneTimeTokensRoutes } from './one-time-tokens.routes.js';
import { personalAccessTokensRoutes } from './personal-access-tokens.routes.js';
import { resourcesRoutes } from './resources.routes.js';
import { rolesRoutes } from './roles.routes.js';
import { userGrantsRoutes } from './user-grants.routes.js';
import { userSessionsRoutes } from './user-sessions.routes.js';
import { usersRoutes } from './users.routes.js';
import { userMfaRoutes } from '../mfa/user-mfa.routes.js';

const accessNeutral = new Set(['/api/subject-tokens', '/api/users']);

export interface ManagementRoutesOptions {
  authenticate: ManagementAuthenticator;
}

/** Every management route sits behind the machine-to-machine bearer check. */
export const managementRoutes: FastifyPluginAsync<ManagementRoutesOptions> = async (
  app,
  { authenticate },
) => {
  refuseUndeclaredMembers(app);
  // Whoever holds a management token administers this installation (a bootstrap client of an
  // installation run through the API alone, a console user): first-run setup closes before the
  // call takes effect. Setup never reopens, so once this instance has closed it, it stops asking.
  let setupClosed = false;
  app.addHook('onRequest', async (request) => {
    request.caller = await authenticate(request);
    if (setupClosed) return;
    await closeSetup(app.services.db, 'management_api');
    setupClosed = true;
  });
  // Any write may remove someone's access (a role, a scope, an application, a user's
  // suspension): this instance forgets every cached standing and application scope set before
  // answering. Issuing a subject token or creating a user removes no one's access (a new user's
  // default roles concern only that user, of whom nothing is cached yet).
  app.addHook('onSend', async (request) => {
    if (!request.caller || request.method === 'GET' || request.method === 'HEAD') return;
    if (request.method === 'POST' && accessNeutral.has(request.routeOptions.url ?? '')) return;
    forgetManagementStandings(app.services.db);
    forgetApplicationScopes(app.services.db);
  });
  await app.register(applicationsRoutes);
  await app.register(resourcesRoutes);
  await app.register(usersRoutes);
  await app.register(userMfaRoutes);
  await app.register(userGrantsRoutes);
  await app.register(personalAccessTokensRoutes);
  await app.register(oneTimeTokensRoutes);
  await app.register(userSessionsRoutes);
  await app.register(rolesRoutes);
  await app.register(subjectTokensRoutes);
  await app.register(jwtCustomizerRoutes);
  await app.register(logsRoutes);
  await app.register(hooksRoutes);
  await app.register(organizationsRoutes);
  await app.register(signInExperienceRoutes);
  await app.register(accountCenterRoutes);
  await app.register(customProfileFieldsRoutes);
  await app.register(sentinelActivitiesRoutes);
  await app.register(messagesRoutes);
  await app.register(emailTemplatesRoutes);
  await app.register(oidcKeysRoutes);
  await app.register(limitsRoutes);
  await app.register(connectorsRoutes);
  await app.register(ssoConnectorsRoutes);
  await app.register(ssoJitRoutes);
  await app.register(userIdentitiesRoutes);
};

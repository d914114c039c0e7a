import type { FastifyPluginAsync } from 'fastify';
import { logsRoutes } from '../audit/logs.routes.js';
import { signInExperienceRoutes } from '../experience/sign-in-experience.routes.js';
import { jwtCustomizerRoutes } from '../impersonation/jwt-customizer.routes.js';
import { subjectTokensRoutes } from '../impersonation/subject-tokens.routes.js';
import { messagesRoutes } from '../messages/messages.routes.js';
import { organizationsRoutes } from '../organizations/organizations.routes.js';
import { hooksRoutes } from '../webhooks/hooks.routes.js';
import { applicationsRoutes } from './applications.routes.js';
import type { ManagementAuthenticator } from './auth.js';
import { oidcKeysRoutes } from './oidc-keys.routes.js';
import { resourcesRoutes } from './resources.routes.js';
import { rolesRoutes } from './roles.routes.js';
import { userGrantsRoutes } from './user-grants.routes.js';
import { usersRoutes } from './users.routes.js';

export interface ManagementRoutesOptions {
  authenticate: ManagementAuthenticator;
}

/** Every management route sits behind the machine-to-machine bearer check. */
export const managementRoutes: FastifyPluginAsync<ManagementRoutesOptions> = async (
  app,
  { authenticate },
) => {
  app.addHook('onRequest', async (request) => {
    request.caller = await authenticate(request);
  });
  await app.register(applicationsRoutes);
  await app.register(resourcesRoutes);
  await app.register(usersRoutes);
  await app.register(userGrantsRoutes);
  await app.register(rolesRoutes);
  await app.register(subjectTokensRoutes);
  await app.register(jwtCustomizerRoutes);
  await app.register(logsRoutes);
  await app.register(hooksRoutes);
  await app.register(organizationsRoutes);
  await app.register(signInExperienceRoutes);
  await app.register(messagesRoutes);
  await app.register(oidcKeysRoutes);
};

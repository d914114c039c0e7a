import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentPassword } from '../experience/accounts.repository.js';
import { apiError } from '../http/error-registry.js';
import { toOrganization } from '../organizations/entities.js';
import { organization } from '../organizations/schemas.js';
import { verifyPassword } from '../users/passwords.js';
import { userOrganizations, userScopes } from '../users/user-access.repository.js';
import { passwordBody, userIdParams } from '../users/users.schemas.js';
import { getUser } from '../users/users.service.js';
import { toScopeEntity } from '../webhooks/entities.js';
import { scopeResponse } from './resources.schemas.js';
import { errorResponses, noContent } from '../http/route-schemas.js';

const tags = ['Users'];
const params = userIdParams;

/** What a user may do and where: scopes through roles, organizations, and a password check. */
export const userAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:userId/scopes',
    {
      schema: {
        tags,
        summary: 'List the API scopes a user holds through user roles',
        params,
        response: { 200: z.array(scopeResponse), ...errorResponses(404) },
      },
    },
    async (request) => {
      const db = request.server.services.db;
      const user = await getUser(db, request.params.userId);
      return (await userScopes(db, user.id)).map(toScopeEntity);
    },
  );

  app.get(
    '/users/:userId/organizations',
    {
      schema: {
        tags,
        summary: 'List the organizations of a user, each with the user’s organization roles there',
        params,
        response: {
          200: z.array(
            organization.extend({
              organizationRoles: z.array(z.object({ id: z.string(), name: z.string() })),
            }),
          ),
          ...errorResponses(404),
        },
      },
    },
    async (request) => {
      const db = request.server.services.db;
      const user = await getUser(db, request.params.userId);
      const rows = await userOrganizations(db, user.id);
      return rows.map((row) => ({ ...toOrganization(row.organization), organizationRoles: row.roles }));
    },
  );

  app.post(
    '/users/:userId/password/verify',
    {
      schema: {
        tags,
        summary: 'Check a password against the user’s: 204 when it matches, 422 otherwise',
        params,
        body: passwordBody,
        response: { 204: noContent, ...errorResponses(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const db = request.server.services.db;
      const user = await getUser(db, request.params.userId);
      if (!(await verifyPassword(await currentPassword(db, user.id), request.body.password))) {
        throw apiError('session.invalid_credentials#password_check');
      }
      return reply.status(204).send(null);
    },
  );
};

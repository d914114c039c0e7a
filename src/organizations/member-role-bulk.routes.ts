import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../http/error-schema.js';
import { notFound } from '../http/errors.js';
import { mutate } from '../webhooks/mutation.js';
import { toOrganizationScope } from './entities.js';
import { requireMembership } from './errors.js';
import { memberOrganizationScopes } from './member-access.repository.js';
import { nonMembers } from './member-roles.repository.js';
import { addMemberRoles } from './member-roles.service.js';
import { findOrganization } from './organizations.repository.js';
import {
  idParams,
  nonEmptyApplicationIdsBody,
  nonEmptyRoleIdsBody,
  nonEmptyUserIdsBody,
  organizationScope,
} from './schemas.js';

const tags = ['Organization members'];
const usersRolesBody = nonEmptyUserIdsBody.extend(nonEmptyRoleIdsBody.shape);
const applicationsRolesBody = nonEmptyApplicationIdsBody.extend(nonEmptyRoleIdsBody.shape);

/**
 * Roles given to several members at once (every role to every member, one transaction, 422 when
 * one is no member), and the organization scopes a user holds through its roles.
 */
export const memberRoleBulkRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/organizations/:id/users/roles',
    {
      schema: {
        tags,
        params: idParams,
        body: usersRolesBody,
        response: { 201: usersRolesBody, 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const { userIds, organizationRoleIds } = request.body;
      await mutate(request, 201, (trx) =>
        addMemberRoles(trx, 'user', request.params.id, userIds, { organizationRoleIds }),
      );
      return reply.status(201).send({ userIds, organizationRoleIds });
    },
  );

  typed.post(
    '/organizations/:id/applications/roles',
    {
      schema: {
        tags,
        params: idParams,
        body: applicationsRolesBody,
        response: { 201: applicationsRolesBody, 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const { applicationIds, organizationRoleIds } = request.body;
      await mutate(request, 201, (trx) =>
        addMemberRoles(trx, 'application', request.params.id, applicationIds, { organizationRoleIds }),
      );
      return reply.status(201).send({ applicationIds, organizationRoleIds });
    },
  );

  typed.get(
    '/organizations/:id/users/:userId/scopes',
    {
      schema: {
        tags,
        params: idParams.extend({ userId: z.string().min(1).max(256) }),
        response: { 200: z.array(organizationScope), 404: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const db = request.server.services.db;
      const { id, userId } = request.params;
      if (!(await findOrganization(db, id))) throw notFound('organization', id);
      if ((await nonMembers(db, 'user', id, [userId])).length > 0) throw requireMembership([userId], id);
      return (await memberOrganizationScopes(db, id, userId)).map(toOrganizationScope);
    },
  );
};

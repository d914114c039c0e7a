import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../http/error-schema.js';
import { notFound } from '../http/errors.js';
import { pageBounds, sendTotal } from '../http/pagination.js';
import { mutate } from '../management/mutation.js';
import { toOrganizationRole } from './entities.js';
import { requireMembership } from './errors.js';
import { isMember, listUserRoles } from './member-roles.repository.js';
import { addUserRoles, removeUserRole, replaceUserRoles } from './member-roles.service.js';
import { findOrganization } from './organizations.repository.js';
import { idParams, nonEmptyRoleIdsBody, organizationRole, pageQueryOnly, roleIdsBody } from './schemas.js';

const tags = ['Organization members'];
const params = idParams.extend({ userId: z.string().min(1) });
const path = '/organizations/:id/users/:userId/roles';

/** Organization roles of one member: list, add, replace, remove (422 when the user is no member). */
export const memberRolesRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    path,
    {
      schema: {
        tags,
        params,
        querystring: pageQueryOnly,
        response: { 200: z.array(organizationRole), 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const db = request.server.services.db;
      const { id, userId } = request.params;
      if (!(await findOrganization(db, id))) throw notFound('organization', id);
      if (!(await isMember(db, id, userId))) throw requireMembership(userId, id);
      const { total, rows } = await listUserRoles(db, id, userId, pageBounds(request.query));
      sendTotal(reply, total);
      return rows.map(toOrganizationRole);
    },
  );

  typed.post(
    path,
    {
      schema: {
        tags,
        params,
        body: nonEmptyRoleIdsBody,
        response: { 201: roleIdsBody, 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const { id, userId } = request.params;
      const { organizationRoleIds } = request.body;
      await mutate(request, 201, (trx) => addUserRoles(trx, id, userId, organizationRoleIds));
      return reply.status(201).send({ organizationRoleIds });
    },
  );

  typed.put(
    path,
    {
      schema: {
        tags,
        params,
        body: roleIdsBody,
        response: { 204: z.null(), 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const { id, userId } = request.params;
      await mutate(request, 204, (trx) =>
        replaceUserRoles(trx, id, userId, request.body.organizationRoleIds),
      );
      return reply.status(204).send(null);
    },
  );

  typed.delete(
    `${path}/:organizationRoleId`,
    {
      schema: {
        tags,
        params: params.extend({ organizationRoleId: z.string().min(1) }),
        response: { 204: z.null(), 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const { id, userId, organizationRoleId } = request.params;
      await mutate(request, 204, (trx) => removeUserRole(trx, id, userId, organizationRoleId));
      return reply.status(204).send(null);
    },
  );
};

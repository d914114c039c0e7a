import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../http/error-schema.js';
import { notFound } from '../http/errors.js';
import { pageBounds, pageQuery, sendTotal } from '../http/pagination.js';
import { toOrganizationRole } from './entities.js';
import { lockedOrganization } from './jit.routes.js';
import * as jit from './jit.repository.js';
import { assertIdsExist } from './known-ids.js';
import { findOrganization } from './organizations.repository.js';
import { idParams, nonEmptyRoleIdsBody, organizationRole, roleIdsBody } from './schemas.js';

const tags = ['Organization just-in-time provisioning'];

/**
 * The organization roles a user gets when just-in-time provisioning makes it a member (see
 * jit.service.ts). Configuration only: these calls fire no webhook event.
 */
export const jitRolesRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const db = app.services.db;
  const inOrganization = lockedOrganization(db);
  const path = '/organizations/:id/jit/roles';

  typed.get(
    path,
    {
      schema: {
        tags,
        params: idParams,
        querystring: pageQuery,
        response: { 200: z.array(organizationRole), 404: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await findOrganization(db, id))) throw notFound('organization', id);
      const { total, rows } = await jit.listJitRoles(db, id, pageBounds(request.query));
      sendTotal(reply, total);
      return rows.map(toOrganizationRole);
    },
  );

  typed.post(
    path,
    {
      schema: {
        tags,
        params: idParams,
        body: nonEmptyRoleIdsBody,
        response: { 201: roleIdsBody, 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const roleIds = [...new Set(request.body.organizationRoleIds)];
      await inOrganization(id, async (trx) => {
        await assertIdsExist(trx, 'organization_roles', roleIds);
        await jit.insertJitRoles(trx, id, roleIds);
      });
      return reply.status(201).send({ organizationRoleIds: roleIds });
    },
  );

  typed.put(
    path,
    {
      schema: {
        tags,
        params: idParams,
        body: roleIdsBody,
        response: { 204: z.null(), 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const roleIds = [...new Set(request.body.organizationRoleIds)];
      await inOrganization(id, async (trx) => {
        await assertIdsExist(trx, 'organization_roles', roleIds);
        await jit.replaceJitRoles(trx, id, roleIds);
      });
      return reply.status(204).send(null);
    },
  );

  typed.delete(
    `${path}/:organizationRoleId`,
    {
      schema: {
        tags,
        params: idParams.extend({ organizationRoleId: z.string().min(1) }),
        response: { 204: z.null(), 404: errorBody },
      },
    },
    async (request, reply) => {
      const { id, organizationRoleId } = request.params;
      const deleted = await inOrganization(id, (trx) => jit.deleteJitRole(trx, id, organizationRoleId));
      if (!deleted) throw notFound('just-in-time organization role', organizationRoleId);
      return reply.status(204).send(null);
    },
  );
};

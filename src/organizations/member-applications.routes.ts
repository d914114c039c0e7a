import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../http/error-schema.js';
import { notFound } from '../http/errors.js';
import { pageBounds, sendTotal } from '../http/pagination.js';
import { mutate } from '../webhooks/mutation.js';
import { applicationResponse } from '../management/applications.schemas.js';
import { toApplicationResponse } from '../management/applications.service.js';
import { listApplicationMembers } from './member-lists.repository.js';
import { addMembers, removeMember, replaceMembers } from './members.service.js';
import { findOrganization } from './organizations.repository.js';
import {
  idParams,
  listQuery,
  nonEmptyApplicationIdsBody,
  roleReference,
  applicationIdsBody,
} from './schemas.js';

/** Logto lists whole applications here, each with its roles in the organization. */
const organizationApplication = applicationResponse.extend({ organizationRoles: z.array(roleReference) });

const tags = ['Organization members'];

/** Applications of an organization: list, add, replace, remove; each write fires Organization.Membership.Updated. */
export const memberApplicationsRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/organizations/:id/applications',
    {
      schema: {
        tags,
        params: idParams,
        querystring: listQuery,
        response: { 200: z.array(organizationApplication), 404: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const db = request.server.services.db;
      if (!(await findOrganization(db, id))) throw notFound('organization', id);
      const { total, entities } = await listApplicationMembers(db, id, {
        ...pageBounds(request.query, 'default'),
        search: request.query.q ?? request.query.search,
      });
      sendTotal(reply, total, 'default');
      return entities.map(({ application, organizationRoles }) => ({
        ...toApplicationResponse(application),
        organizationRoles,
      }));
    },
  );

  typed.post(
    '/organizations/:id/applications',
    {
      schema: {
        tags,
        params: idParams,
        body: nonEmptyApplicationIdsBody,
        response: { 201: applicationIdsBody, 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const { applicationIds } = request.body;
      await mutate(request, 201, (trx, events) =>
        addMembers(trx, events, 'application', request.params.id, applicationIds),
      );
      return reply.status(201).send({ applicationIds });
    },
  );

  typed.put(
    '/organizations/:id/applications',
    {
      schema: {
        tags,
        params: idParams,
        body: applicationIdsBody,
        response: { 204: z.null(), 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      await mutate(request, 204, (trx, events) =>
        replaceMembers(trx, events, 'application', request.params.id, request.body.applicationIds),
      );
      return reply.status(204).send(null);
    },
  );

  typed.delete(
    '/organizations/:id/applications/:applicationId',
    {
      schema: {
        tags,
        params: idParams.extend({ applicationId: z.string().min(1) }),
        response: { 204: z.null(), 404: errorBody },
      },
    },
    async (request, reply) => {
      const { id, applicationId } = request.params;
      await mutate(request, 204, (trx, events) =>
        removeMember(trx, events, 'application', id, applicationId),
      );
      return reply.status(204).send(null);
    },
  );
};

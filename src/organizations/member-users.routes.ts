import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../http/error-schema.js';
import { notFound } from '../http/errors.js';
import { pageBounds, sendTotal } from '../http/pagination.js';
import { mutate } from '../webhooks/mutation.js';
import { listUserMembers } from './member-lists.repository.js';
import { addMembers, removeMember, replaceMembers } from './members.service.js';
import { findOrganization } from './organizations.repository.js';
import { idParams, listQuery, nonEmptyUserIdsBody, organizationUser, userIdsBody } from './schemas.js';

const tags = ['Organization members'];

/** Users of an organization: list, add, replace, remove; each write fires Organization.Membership.Updated. */
export const memberUsersRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/organizations/:id/users',
    {
      schema: {
        tags,
        params: idParams,
        querystring: listQuery,
        response: { 200: z.array(organizationUser), 404: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const db = request.server.services.db;
      if (!(await findOrganization(db, id))) throw notFound('organization', id);
      const { total, entities } = await listUserMembers(db, id, {
        ...pageBounds(request.query, 'default'),
        search: request.query.q ?? request.query.search,
      });
      sendTotal(reply, total, 'default');
      return entities;
    },
  );

  typed.post(
    '/organizations/:id/users',
    {
      schema: {
        tags,
        params: idParams,
        body: nonEmptyUserIdsBody,
        response: { 201: userIdsBody, 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const { userIds } = request.body;
      await mutate(request, 201, (trx, events) =>
        addMembers(trx, events, 'user', request.params.id, userIds),
      );
      return reply.status(201).send({ userIds });
    },
  );

  typed.put(
    '/organizations/:id/users',
    {
      schema: {
        tags,
        params: idParams,
        body: userIdsBody,
        response: { 204: z.null(), 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      await mutate(request, 204, (trx, events) =>
        replaceMembers(trx, events, 'user', request.params.id, request.body.userIds),
      );
      return reply.status(204).send(null);
    },
  );

  typed.delete(
    '/organizations/:id/users/:userId',
    {
      schema: {
        tags,
        params: idParams.extend({ userId: z.string().min(1) }),
        response: { 204: z.null(), 404: errorBody },
      },
    },
    async (request, reply) => {
      const { id, userId } = request.params;
      await mutate(request, 204, (trx, events) => removeMember(trx, events, 'user', id, userId));
      return reply.status(204).send(null);
    },
  );
};

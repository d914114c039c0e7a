import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageBounds, pageQuery, sendTotal } from '../http/pagination.js';
import { parseSearch, searchQuery } from '../http/search-query.js';
import { toUserResponse } from '../users/user-response.js';
import { listUsers, userSearchColumns } from '../users/users.repository.js';
import { listUsersQuery, userResponse } from '../users/users.schemas.js';
import { applicationSearchColumns } from './applications.repository.js';
import { applicationResponse } from './applications.schemas.js';
import { toApplicationResponse } from './applications.service.js';
import { mutate } from '../webhooks/mutation.js';
import * as repository from './role-members.repository.js';
import * as members from './role-members.service.js';
import { getRole } from './roles.service.js';
import { errorResponses, idList, idParams, noContent } from '../http/route-schemas.js';

const tags = ['Roles'];
const memberId = z.string().min(1).max(128);

/** A role's holders seen from the role: /roles/:id/users and /roles/:id/applications (Logto's routes). */
export const roleMembersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/roles/:id/users',
    {
      schema: {
        tags,
        summary: 'List the users holding a role, with the user search of GET /users',
        params: idParams,
        querystring: pageQuery.extend(listUsersQuery.shape),
        response: { 200: z.array(userResponse), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const db = request.server.services.db;
      const role = await getRole(db, request.params.id);
      const search = parseSearch(request.url, Object.keys(userSearchColumns));
      const { excludeOrganizationId } = request.query;
      const filter = { search, roleId: role.id, excludeOrganizationId };
      const { total, rows } = await listUsers(db, filter, pageBounds(request.query));
      sendTotal(reply, total);
      return rows.map(toUserResponse);
    },
  );

  app.post(
    '/roles/:id/users',
    {
      schema: {
        tags,
        summary: 'Assign a user role to users; refused whole when one of them already holds it',
        params: idParams,
        body: z.object({ userIds: idList }),
        response: { 201: noContent, ...errorResponses(400, 404, 422) },
      },
    },
    async (request, reply) => {
      await mutate(request, 201, (trx) =>
        members.addUsersToRole(trx, request.params.id, request.body.userIds),
      );
      return reply.status(201).send(null);
    },
  );

  app.delete(
    '/roles/:id/users/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a role from a user',
        params: idParams.extend({ userId: memberId }),
        response: { 204: noContent, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const { id, userId } = request.params;
      await mutate(request, 204, (trx) => members.removeUserFromRole(trx, id, userId));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/roles/:id/applications',
    {
      schema: {
        tags,
        summary:
          'List the machine-to-machine applications holding a role, with the search of GET /applications',
        params: idParams,
        querystring: pageQuery.extend(searchQuery.shape),
        response: { 200: z.array(applicationResponse), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const db = request.server.services.db;
      const role = await getRole(db, request.params.id);
      const search = parseSearch(request.url, Object.keys(applicationSearchColumns));
      const { total, rows } = await repository.listRoleApplications(
        db,
        role.id,
        search,
        pageBounds(request.query),
      );
      sendTotal(reply, total);
      return rows.map(toApplicationResponse);
    },
  );

  app.post(
    '/roles/:id/applications',
    {
      schema: {
        tags,
        summary: 'Assign a machine-to-machine role to machine-to-machine applications',
        params: idParams,
        body: z.object({ applicationIds: idList }),
        response: { 201: noContent, ...errorResponses(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await mutate(request, 201, (trx) =>
        members.addApplicationsToRole(trx, id, request.body.applicationIds),
      );
      return reply.status(201).send(null);
    },
  );

  app.delete(
    '/roles/:id/applications/:applicationId',
    {
      schema: {
        tags,
        summary: 'Remove a role from an application',
        params: idParams.extend({ applicationId: memberId }),
        response: { 204: noContent, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { id, applicationId } = request.params;
      await mutate(request, 204, (trx) => members.removeApplicationFromRole(trx, id, applicationId));
      return reply.status(204).send(null);
    },
  );
};

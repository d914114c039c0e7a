import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageBounds, pageQuery, sendTotal } from '../http/pagination.js';
import { parseSearch, searchQuery } from '../http/search-query.js';
import { userIdParams } from '../users/users.schemas.js';
import { getUser } from '../users/users.service.js';
import { toRoleEntity } from '../webhooks/entities.js';
import { getApplication } from './applications.service.js';
import { mutate } from '../webhooks/mutation.js';
import * as repository from './role-assignments.repository.js';
import {
  assignApplicationRoles,
  assignUserRoles,
  notMachineToMachine,
  replaceUserRoles,
  unassignApplicationRole,
  unassignUserRole,
} from './role-assignments.service.js';
import { roleSearchColumns } from './roles.repository.js';
import { roleIdsBody, roleResponse } from './roles.schemas.js';
import { errorResponses, idParams, noContent } from '../http/route-schemas.js';

const assigned = z.object({
  roleIds: z.array(z.string()).describe('The roles requested'),
  addedRoleIds: z.array(z.string()).describe('The roles newly assigned by this call'),
});
const roleId = z.string().min(1).max(128);
const roleSearchFields = Object.keys(roleSearchColumns);

/** Roles held by users (type User) and by machine-to-machine applications (type MachineToMachine). */
export const roleAssignmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:userId/roles',
    {
      schema: {
        tags: ['Users'],
        summary: 'List the roles of a user',
        params: userIdParams,
        querystring: pageQuery.extend(searchQuery.shape),
        response: { 200: z.array(roleResponse), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const db = request.server.services.db;
      const user = await getUser(db, request.params.userId);
      const search = parseSearch(request.url, roleSearchFields);
      const { total, rows } = await repository.listUserRoles(db, user.id, search, pageBounds(request.query));
      sendTotal(reply, total);
      return rows.map(toRoleEntity);
    },
  );

  app.post(
    '/users/:userId/roles',
    {
      schema: {
        tags: ['Users'],
        summary: 'Assign user roles to a user; roles already held are kept',
        params: userIdParams,
        body: roleIdsBody,
        response: { 201: assigned, ...errorResponses(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const result = await mutate(request, 201, (trx) =>
        assignUserRoles(trx, request.params.userId, request.body.roleIds),
      );
      return reply.status(201).send(result);
    },
  );

  app.put(
    '/users/:userId/roles',
    {
      schema: {
        tags: ['Users'],
        summary: 'Replace the roles of a user with exactly these user roles',
        params: userIdParams,
        body: z.object({ roleIds: z.array(roleId).max(100) }),
        response: { 200: z.object({ roleIds: z.array(z.string()) }), ...errorResponses(400, 404, 422) },
      },
    },
    (request) =>
      mutate(request, 200, (trx) => replaceUserRoles(trx, request.params.userId, request.body.roleIds)),
  );

  app.delete(
    '/users/:userId/roles/:roleId',
    {
      schema: {
        tags: ['Users'],
        summary: 'Remove a role from a user',
        params: userIdParams.extend({ roleId }),
        response: { 204: noContent, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      await mutate(request, 204, (trx) =>
        unassignUserRole(trx, request.params.userId, request.params.roleId),
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/applications/:id/roles',
    {
      schema: {
        tags: ['Applications'],
        summary: 'List the roles of a machine-to-machine application',
        params: idParams,
        querystring: pageQuery.extend(searchQuery.shape),
        response: { 200: z.array(roleResponse), ...errorResponses(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const db = request.server.services.db;
      const application = await getApplication(db, request.params.id);
      if (application.type !== 'MachineToMachine') throw notMachineToMachine();
      const { total, rows } = await repository.listApplicationRoles(
        db,
        application.id,
        parseSearch(request.url, roleSearchFields),
        pageBounds(request.query),
      );
      sendTotal(reply, total);
      return rows.map(toRoleEntity);
    },
  );

  app.post(
    '/applications/:id/roles',
    {
      schema: {
        tags: ['Applications'],
        summary: 'Assign machine-to-machine roles to a machine-to-machine application',
        params: idParams,
        body: roleIdsBody,
        response: { 201: assigned, ...errorResponses(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const result = await mutate(request, 201, (trx) =>
        assignApplicationRoles(trx, request.params.id, request.body.roleIds),
      );
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/applications/:id/roles/:roleId',
    {
      schema: {
        tags: ['Applications'],
        summary: 'Remove a role from a machine-to-machine application',
        params: idParams.extend({ roleId }),
        response: { 204: noContent, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      await mutate(request, 204, (trx) =>
        unassignApplicationRole(trx, request.params.id, request.params.roleId),
      );
      return reply.status(204).send(null);
    },
  );
};

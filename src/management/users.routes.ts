import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageBounds, pageQuery, sendTotal } from '../http/pagination.js';
import { parseSearch } from '../http/search-query.js';
import { passwordToStore } from '../users/password-input.js';
import { assertValidPhone } from '../users/phone.js';
import { toUserResponse } from '../users/user-response.js';
import * as repository from '../users/users.repository.js';
import {
  createUserBody,
  getUserQuery,
  listUsersQuery,
  updateUserBody,
  userDetailResponse,
  userIdParams,
  userResponse,
} from '../users/users.schemas.js';
import * as users from '../users/users.service.js';
import { mutate } from '../webhooks/mutation.js';
import { errorResponses, noContent } from '../http/route-schemas.js';
import { isYes } from '../http/flags.js';
import type { Db } from '../storage/database.js';
import { userAccessRoutes } from './user-access.routes.js';
import { userAttributesRoutes } from './user-attributes.routes.js';

const tags = ['Users'];
const params = userIdParams;

async function ssoIdentitiesOf(db: Db, userId: string) {
  const rows = await repository.listSsoIdentities(db, userId);
  return rows.map((row) => ({
    tenantId: 'default',
    id: row.id,
    userId: row.user_id,
    issuer: row.issuer,
    identityId: row.identity_id,
    detail: row.detail,
    createdAt: row.created_at.getTime(),
    updatedAt: row.created_at.getTime(),
    ssoConnectorId: row.sso_connector_id,
  }));
}

async function passwordDigestOf(db: Db, userId: string) {
  const row = await repository.findPasswordDigest(db, userId);
  return { passwordDigest: row.password_hash, passwordAlgorithm: row.password_algorithm };
}

/** Users: /users. Password hashing happens before the transaction opens, so it holds no connection. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users',
    {
      schema: {
        tags,
        summary: 'Create a user',
        body: createUserBody,
        response: { 200: userResponse, ...errorResponses(400, 422) },
      },
    },
    async (request) => {
      const { password, passwordDigest, passwordAlgorithm, ...input } = request.body;
      assertValidPhone(input.primaryPhone);
      const stored = await passwordToStore({ password, passwordDigest, passwordAlgorithm });
      return mutate(request, 200, (trx, events) =>
        users.createUser(trx, events, {
          ...input,
          passwordHash: stored?.hash,
          passwordAlgorithm: stored?.algorithm,
        }),
      );
    },
  );

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary:
          'List users, newest first; Logto search: `search`, `search.<field>`, `mode.<field>`, `joint`, `isCaseSensitive`',
        querystring: pageQuery.extend(listUsersQuery.shape),
        response: { 200: z.array(userResponse), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { excludeRoleId, excludeOrganizationId } = request.query;
      const search = parseSearch(request.url, Object.keys(repository.userSearchColumns));
      const db = request.server.services.db;
      const filter = { search, excludeRoleId, excludeOrganizationId };
      const { total, rows } = await repository.listUsers(db, filter, pageBounds(request.query));
      sendTotal(reply, total);
      return rows.map(toUserResponse);
    },
  );

  app.get(
    '/users/:userId',
    {
      schema: {
        tags,
        summary: 'Get a user; on request with its SSO identities and its password digest',
        params,
        querystring: getUserQuery,
        response: { 200: userDetailResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const db = request.server.services.db;
      const user = await users.getUser(db, request.params.userId);
      const { includeSsoIdentities, includePasswordHash } = request.query;
      return {
        ...toUserResponse(user),
        ...(isYes(includeSsoIdentities) ? { ssoIdentities: await ssoIdentitiesOf(db, user.id) } : {}),
        ...(isYes(includePasswordHash) ? await passwordDigestOf(db, user.id) : {}),
      };
    },
  );

  app.patch(
    '/users/:userId',
    {
      schema: {
        tags,
        summary: 'Update a user; `null` clears a member, customData and profile are replaced',
        params,
        body: updateUserBody,
        response: { 200: userResponse, ...errorResponses(400, 404, 422) },
      },
    },
    (request) => {
      assertValidPhone(request.body.primaryPhone);
      return mutate(request, 200, (trx, events) =>
        users.updateUser(trx, events, request.params.userId, request.body),
      );
    },
  );

  app.delete(
    '/users/:userId',
    {
      schema: {
        tags,
        summary: 'Delete a user and end their sessions (never the last console administrator)',
        params,
        response: { 204: noContent, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      await mutate(request, 204, (trx, events) => users.deleteUser(trx, events, request.params.userId));
      return reply.status(204).send(null);
    },
  );

  await app.register(userAttributesRoutes);
  await app.register(userAccessRoutes);
};

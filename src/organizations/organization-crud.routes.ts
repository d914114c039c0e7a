import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../http/error-schema.js';
import { notFound } from '../http/errors.js';
import { pageBounds, sendTotal } from '../http/pagination.js';
import { isYes } from '../http/flags.js';
import { mutate } from '../webhooks/mutation.js';
import { toOrganization } from './entities.js';
import { featuredMembers } from './member-lists.repository.js';
import { findOrganization, listOrganizations } from './organizations.repository.js';
import { createOrganization, patchOrganization, removeOrganization } from './organizations.service.js';
import {
  createOrganizationBody,
  idParams,
  listedOrganization,
  organization,
  organizationsQuery,
  updateOrganizationBody,
} from './schemas.js';

const tags = ['Organizations'];

/** /organizations and /organizations/:id. */
export const organizationCrudRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/organizations',
    { schema: { tags, body: createOrganizationBody, response: { 201: organization } } },
    async (request, reply) => {
      const created = await mutate(request, 201, (trx, events) =>
        createOrganization(trx, events, request.body),
      );
      return reply.status(201).send(created);
    },
  );

  typed.get(
    '/organizations',
    {
      schema: { tags, querystring: organizationsQuery, response: { 200: z.array(listedOrganization) } },
    },
    async (request, reply) => {
      const db = request.server.services.db;
      const { total, rows } = await listOrganizations(db, {
        ...pageBounds(request.query, 'default'),
        search: request.query.q ?? request.query.search,
      });
      sendTotal(reply, total, 'default');
      const organizations = rows.map(toOrganization);
      if (!isYes(request.query.showFeatured)) return organizations;
      const featured = await featuredMembers(
        db,
        organizations.map((o) => o.id),
      );
      return organizations.map((o) => ({ ...o, ...featured.get(o.id) }));
    },
  );

  typed.get(
    '/organizations/:id',
    { schema: { tags, params: idParams, response: { 200: organization, 404: errorBody } } },
    async (request) => {
      const row = await findOrganization(request.server.services.db, request.params.id);
      if (!row) throw notFound('organization', request.params.id);
      return toOrganization(row);
    },
  );

  typed.patch(
    '/organizations/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: updateOrganizationBody,
        response: { 200: organization, 404: errorBody },
      },
    },
    async (request) =>
      mutate(request, 200, (trx, events) => patchOrganization(trx, events, request.params.id, request.body)),
  );

  typed.delete(
    '/organizations/:id',
    { schema: { tags, params: idParams, response: { 204: z.null(), 404: errorBody } } },
    async (request, reply) => {
      await mutate(request, 204, (trx, events) => removeOrganization(trx, events, request.params.id));
      return reply.status(204).send(null);
    },
  );
};

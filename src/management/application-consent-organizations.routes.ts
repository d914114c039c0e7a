import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageBounds, pageQuery, sendTotal } from '../http/pagination.js';
import { toOrganization } from '../organizations/entities.js';
import { listConsentOrganizations } from '../organizations/consent-organizations.repository.js';
import {
  assertThirdPartyApplicationAndUser,
  grantConsentOrganizations,
  revokeConsentOrganization,
  setConsentOrganizations,
} from '../organizations/consent-organizations.service.js';
import { organization } from '../organizations/schemas.js';
import { mutate } from '../webhooks/mutation.js';
import { errorResponses, noContent } from '../http/route-schemas.js';

const tags = ['Applications'];
const id = z.string().min(1).max(128);
const params = z.object({ id, userId: id });
const organizationIds = z.array(id).max(100);
const path = '/applications/:id/users/:userId/consent-organizations';

/**
 * The organizations a user let a third-party application act in (Logto's routes): its
 * organization tokens and organization claims are limited to them. A first-party application
 * answers 422, as it acts in all of the user's organizations.
 */
export const applicationConsentOrganizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    path,
    {
      schema: {
        tags,
        summary: 'List the organizations a user let a third-party application act in',
        params,
        querystring: pageQuery,
        response: {
          200: z.object({ organizations: z.array(organization) }),
          ...errorResponses(400, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { db } = request.server.services;
      const { id: applicationId, userId } = request.params;
      await assertThirdPartyApplicationAndUser(db, applicationId, userId);
      const page = await listConsentOrganizations(db, applicationId, userId, pageBounds(request.query));
      sendTotal(reply, page.total);
      return { organizations: page.rows.map(toOrganization) };
    },
  );

  app.put(
    path,
    {
      schema: {
        tags,
        summary: 'Replace them: exactly these organizations (the user is a member of each); [] revokes all',
        params,
        body: z.object({ organizationIds }),
        response: { 204: noContent, ...errorResponses(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const { id: applicationId, userId } = request.params;
      await mutate(request, 204, (trx) =>
        setConsentOrganizations(trx, applicationId, userId, request.body.organizationIds),
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    path,
    {
      schema: {
        tags,
        summary: 'Add organizations (the user is a member of each) to them',
        params,
        body: z.object({ organizationIds: organizationIds.min(1) }),
        response: { 201: noContent, ...errorResponses(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const { id: applicationId, userId } = request.params;
      await mutate(request, 201, (trx) =>
        grantConsentOrganizations(trx, applicationId, userId, request.body.organizationIds),
      );
      return reply.status(201).send(null);
    },
  );

  app.delete(
    `${path}/:organizationId`,
    {
      schema: {
        tags,
        summary: 'Revoke the application’s access to one organization of the user',
        params: params.extend({ organizationId: id }),
        response: { 204: noContent, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const { id: applicationId, userId, organizationId } = request.params;
      await revokeConsentOrganization(request.server.services.db, applicationId, userId, organizationId);
      return reply.status(204).send(null);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, noContent } from '../http/route-schemas.js';
import { forgetApplicationCaches } from '../oidc/clients.js';
import {
  assignConsentScopes,
  listConsentScopes,
  removeConsentScope,
  USER_CONSENT_SCOPES,
} from './consent-scopes.service.js';

const tags = ['Applications'];
const id = z.string().min(1).max(128);
const path = '/applications/:id/user-consent-scopes';
const ids = (what: string) => z.array(id).max(100).optional().describe(`Ids of ${what}; each must exist`);

const scope = z.object({ id: z.string(), name: z.string(), description: z.string().nullable() });
const resourceScopes = z.array(
  z.object({
    resource: z.object({ id: z.string(), name: z.string(), indicator: z.string() }),
    scopes: z.array(scope),
  }),
);

/**
 * What a third-party application may ask its users to consent to (Logto's "Permissions"): a scope
 * it asks for outside these is never granted (an OpenID scope is refused, an API scope dropped).
 */
export const applicationConsentScopesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    path,
    {
      schema: {
        tags,
        summary: 'List the scopes users of the application are asked to consent to',
        params: z.object({ id }),
        response: {
          200: z.object({
            organizationScopes: z.array(scope),
            resourceScopes,
            organizationResourceScopes: resourceScopes,
            userScopes: z.array(z.enum(USER_CONSENT_SCOPES)),
          }),
          ...errorResponses(404),
        },
      },
    },
    async (request) => listConsentScopes(request.server.services.db, request.params.id),
  );

  app.post(
    path,
    {
      schema: {
        tags,
        summary: 'Add scopes users of a third-party application are asked to consent to',
        params: z.object({ id }),
        body: z.object({
          organizationScopes: ids('organization scopes'),
          resourceScopes: ids('API resource scopes'),
          organizationResourceScopes: ids('API resource scopes held through organization roles'),
          userScopes: z.array(z.enum(USER_CONSENT_SCOPES)).max(20).optional(),
        }),
        response: { 201: noContent, ...errorResponses(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const { db, config } = request.server.services;
      await assignConsentScopes(db, config, request.params.id, request.body);
      forgetApplicationCaches(db, request.params.id);
      return reply.status(201).send(null);
    },
  );

  app.delete(
    `${path}/:scopeType/:scopeId`,
    {
      schema: {
        tags,
        summary: 'Remove one scope users of the application are asked to consent to',
        params: z.object({
          id,
          scopeType: z.enum([
            'organization-scopes',
            'resource-scopes',
            'organization-resource-scopes',
            'user-scopes',
          ]),
          scopeId: id,
        }),
        response: { 204: noContent, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { db } = request.server.services;
      const { id: applicationId, scopeType, scopeId } = request.params;
      await removeConsentScope(db, applicationId, scopeType, scopeId);
      forgetApplicationCaches(db, applicationId);
      return reply.status(204).send(null);
    },
  );
};

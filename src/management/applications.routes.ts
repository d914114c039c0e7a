import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageBounds, pageQuery, sendTotal } from '../http/pagination.js';
import { parseSearch } from '../http/search-query.js';
import { applicationConsentOrganizationsRoutes } from './application-consent-organizations.routes.js';
import { applicationConsentScopesRoutes } from './application-consent-scopes.routes.js';
import { applicationRelationsRoutes } from './application-relations.routes.js';
import { applicationSecretsRoutes, secretAccess } from './application-secrets.routes.js';
import { DEFAULT_SECRET_NAME, hasSecrets, insertNewSecret } from './application-secrets.service.js';
import * as repository from './applications.repository.js';
import {
  applicationResponse,
  createApplicationBody,
  listApplicationsQuery,
  updateApplicationBody,
} from './applications.schemas.js';
import {
  createApplication,
  deleteApplication,
  getApplication,
  toApplicationResponse,
  updateApplication,
} from './applications.service.js';
import { forgetApplicationCaches } from '../oidc/clients.js';
import { mutate } from '../webhooks/mutation.js';
import { errorResponses, idParams, noContent } from '../http/route-schemas.js';

const tags = ['Applications'];

/** Applications: /applications. */
export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/applications',
    {
      schema: {
        tags,
        summary:
          'Create an application; a confidential one (Traditional, MachineToMachine, Protected) also gets a named secret, `Default secret`',
        body: createApplicationBody,
        response: { 200: applicationResponse, ...errorResponses(400, 422) },
      },
    },
    (request) =>
      mutate(request, 200, async (trx) => {
        const created = await createApplication(trx, request.body);
        // As Logto: a confidential application starts with a named secret beside the legacy one.
        if (hasSecrets(created.type)) {
          await insertNewSecret(trx, secretAccess(request), created.id, DEFAULT_SECRET_NAME, null);
        }
        return created;
      }),
  );

  app.get(
    '/applications',
    {
      schema: {
        tags,
        summary: 'List applications, newest first',
        querystring: pageQuery.extend(listApplicationsQuery.shape),
        response: { 200: z.array(applicationResponse), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { types, isThirdParty, excludeRoleId, excludeOrganizationId } = request.query;
      const filter = {
        types: types === undefined ? undefined : [types].flat(),
        search: parseSearch(request.url, Object.keys(repository.applicationSearchColumns)),
        isThirdParty: isThirdParty === undefined ? undefined : isThirdParty === 'true',
        excludeRoleId,
        excludeOrganizationId,
      };
      const db = request.server.services.db;
      const { total, rows } = await repository.listApplications(db, filter, pageBounds(request.query));
      sendTotal(reply, total);
      return rows.map(toApplicationResponse);
    },
  );

  app.get(
    '/applications/:id',
    {
      schema: {
        tags,
        summary: 'Get an application',
        params: idParams,
        response: { 200: applicationResponse, ...errorResponses(404) },
      },
    },
    async (request) =>
      toApplicationResponse(await getApplication(request.server.services.db, request.params.id)),
  );

  app.patch(
    '/applications/:id',
    {
      schema: {
        tags,
        summary: 'Update an application; nested metadata is merged',
        params: idParams,
        body: updateApplicationBody,
        response: { 200: applicationResponse, ...errorResponses(400, 404, 422) },
      },
    },
    async (request) => {
      const updated = await mutate(request, 200, (trx) =>
        updateApplication(trx, request.params.id, request.body),
      );
      forgetApplicationCaches(request.server.services.db, request.params.id);
      return updated;
    },
  );

  await app.register(applicationSecretsRoutes);
  await app.register(applicationRelationsRoutes);
  await app.register(applicationConsentOrganizationsRoutes);
  await app.register(applicationConsentScopesRoutes);

  app.delete(
    '/applications/:id',
    {
      schema: {
        tags,
        summary: 'Delete an application and revoke what was issued to it',
        params: idParams,
        response: { 204: noContent, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      await mutate(request, 204, (trx) => deleteApplication(trx, request.params.id));
      forgetApplicationCaches(request.server.services.db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

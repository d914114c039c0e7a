import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toOrganization } from '../organizations/entities.js';
import { organization } from '../organizations/schemas.js';
import { applicationOrganizationRoles, applicationOrganizations } from './applications.repository.js';
import { getApplication, mergeApplicationCustomData } from './applications.service.js';
import { mutate } from '../webhooks/mutation.js';
import { replaceApplicationRoles } from './role-assignments.service.js';
import { errorResponses, idParams, jsonObject } from '../http/route-schemas.js';
import { pageBounds, pageQuery, sendTotal } from '../http/pagination.js';

const tags = ['Applications'];

/** An application's custom data, organizations and the PUT form of its roles (Logto's routes). */
export const applicationRelationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/applications/:id/custom-data',
    {
      schema: {
        tags,
        summary: 'Merge members into the custom data of an application (the body is the object)',
        params: idParams,
        body: jsonObject,
        response: { 200: jsonObject, ...errorResponses(400, 404) },
      },
    },
    (request) =>
      mutate(request, 200, (trx) => mergeApplicationCustomData(trx, request.params.id, request.body)),
  );

  app.get(
    '/applications/:id/organizations',
    {
      schema: {
        tags,
        summary: 'List the organizations an application is a member of (paged when asked)',
        params: idParams,
        querystring: pageQuery,
        response: {
          200: z.array(
            organization.extend({
              organizationRoles: z.array(z.object({ id: z.string(), name: z.string() })),
            }),
          ),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const db = request.server.services.db;
      const application = await getApplication(db, request.params.id);
      const [organizations, roles] = await Promise.all([
        applicationOrganizations(db, application.id, pageBounds(request.query)),
        applicationOrganizationRoles(db, application.id),
      ]);
      sendTotal(reply, organizations.total);
      return organizations.rows.map((row) => ({
        ...toOrganization(row),
        organizationRoles: roles
          .filter((role) => role.organization_id === row.id)
          .map(({ id, name }) => ({ id, name })),
      }));
    },
  );

  app.put(
    '/applications/:id/roles',
    {
      schema: {
        tags,
        summary: 'Replace the roles of a machine-to-machine application with exactly these',
        params: idParams,
        body: z.object({ roleIds: z.array(z.string().min(1).max(128)).max(100) }),
        response: { 200: z.object({ roleIds: z.array(z.string()) }), ...errorResponses(400, 404, 422) },
      },
    },
    (request) =>
      mutate(request, 200, (trx) => replaceApplicationRoles(trx, request.params.id, request.body.roleIds)),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { notFound } from '../http/errors.js';
import { errorResponses, idList, noContent } from '../http/route-schemas.js';
import { assertIdsExist } from '../organizations/known-ids.js';
import { findOrganization, lockOrganization } from '../organizations/organizations.repository.js';
import type { Database } from '../storage/schema.js';
import * as jit from './sso-jit.repository.js';
import { ssoConnectorResponse, toSsoConnectorResponse } from './sso-connectors.schemas.js';

const tags = ['Organization just-in-time provisioning'];
const params = z.object({ id: z.string().min(1).max(128) });
const body = z.object({ ssoConnectorIds: idList });

/**
 * Enterprise SSO connectors whose users join the organization (with its JIT roles) when they
 * sign in through them. Configuration only: these calls fire no webhook event.
 */
export const ssoJitRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  const inOrganization = (id: string, work: (trx: Transaction<Database>) => Promise<unknown>) =>
    db.transaction().execute(async (trx) => {
      if (!(await lockOrganization(trx, id))) throw notFound('organization', id);
      await work(trx);
    });

  app.get(
    '/organizations/:id/jit/sso-connectors',
    {
      schema: { tags, params, response: { 200: z.array(ssoConnectorResponse), ...errorResponses(404) } },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await findOrganization(db, id))) throw notFound('organization', id);
      return (await jit.listJitSsoConnectors(db, id)).map(toSsoConnectorResponse);
    },
  );

  app.post(
    '/organizations/:id/jit/sso-connectors',
    { schema: { tags, params, body, response: { 201: noContent, ...errorResponses(404, 422) } } },
    async (request, reply) => {
      const ids = [...new Set(request.body.ssoConnectorIds)];
      await inOrganization(request.params.id, async (trx) => {
        await assertIdsExist(trx, 'sso_connectors', ids);
        await jit.insertJitSsoConnectors(trx, request.params.id, ids);
      });
      return reply.status(201).send(null);
    },
  );

  app.put(
    '/organizations/:id/jit/sso-connectors',
    {
      schema: {
        tags,
        params,
        body: z.object({ ssoConnectorIds: z.array(z.string().min(1).max(128)).max(100) }),
        response: { 204: noContent, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const ids = [...new Set(request.body.ssoConnectorIds)];
      await inOrganization(request.params.id, async (trx) => {
        await assertIdsExist(trx, 'sso_connectors', ids);
        await jit.replaceJitSsoConnectors(trx, request.params.id, ids);
      });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/organizations/:id/jit/sso-connectors/:ssoConnectorId',
    {
      schema: {
        tags,
        params: params.extend({ ssoConnectorId: z.string().min(1).max(128) }),
        response: { 204: noContent, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { id, ssoConnectorId } = request.params;
      await inOrganization(id, async (trx) => {
        if (!(await jit.deleteJitSsoConnector(trx, id, ssoConnectorId))) {
          throw notFound('SSO connector binding', ssoConnectorId);
        }
      });
      return reply.status(204).send(null);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { notFound } from '../http/errors.js';
import { pageBounds, pageQuery, sendTotal } from '../http/pagination.js';
import { errorResponses, idParams, noContent } from '../http/route-schemas.js';
import type { Database } from '../storage/schema.js';
import * as repository from './sso-connectors.repository.js';
import {
  createSsoConnectorBody,
  ssoConnectorResponse,
  toSsoConnectorResponse,
  updateSsoConnectorBody,
} from './sso-connectors.schemas.js';
import * as service from './sso-connectors.service.js';
import { forgetSsoConnectors } from '../social/sso-lookup.js';

const tags = ['SSO connectors'];

const provider = z.object({
  providerName: z.string(),
  providerType: z.string(),
  logo: z.string(),
  logoDark: z.string(),
  description: z.string(),
  name: z.string(),
});

/** Enterprise SSO connectors (OpenID Connect), in Logto's shapes: /sso-connectors. */
export const ssoConnectorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  const write = async <T>(work: (trx: Transaction<Database>) => Promise<T>) => {
    try {
      return await db.transaction().execute(work);
    } finally {
      forgetSsoConnectors(db);
    }
  };

  app.get(
    '/sso-connector-providers',
    { schema: { tags, summary: 'List SSO connector providers', response: { 200: z.array(provider) } } },
    async () => [
      {
        providerName: 'OIDC',
        providerType: 'oidc',
        logo: '',
        logoDark: '',
        name: 'OpenID Connect',
        description: 'Any OpenID Connect identity provider of an enterprise.',
      },
    ],
  );

  app.post(
    '/sso-connectors',
    {
      schema: {
        tags,
        summary: 'Create an SSO connector',
        body: createSsoConnectorBody,
        response: { 200: ssoConnectorResponse, ...errorResponses(400, 422) },
      },
    },
    async (request) =>
      toSsoConnectorResponse(await write((trx) => service.createSsoConnector(trx, request.body))),
  );

  app.get(
    '/sso-connectors',
    {
      schema: {
        tags,
        summary: 'List SSO connectors; secrets are masked',
        querystring: pageQuery,
        response: { 200: z.array(ssoConnectorResponse) },
      },
    },
    async (request, reply) => {
      const { total, rows } = await repository.listSsoConnectors(db, pageBounds(request.query));
      sendTotal(reply, total);
      return rows.map(toSsoConnectorResponse);
    },
  );

  app.get(
    '/sso-connectors/:id',
    {
      schema: {
        tags,
        summary: 'Get an SSO connector; secrets are masked',
        params: idParams,
        response: { 200: ssoConnectorResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const row = await repository.findSsoConnector(db, request.params.id);
      if (!row) throw notFound('SSO connector', request.params.id);
      return toSsoConnectorResponse(row);
    },
  );

  app.patch(
    '/sso-connectors/:id',
    {
      schema: {
        tags,
        summary: 'Update an SSO connector; a secret left out or sent back masked keeps its value',
        params: idParams,
        body: updateSsoConnectorBody,
        response: { 200: ssoConnectorResponse, ...errorResponses(400, 404, 422) },
      },
    },
    async (request) =>
      toSsoConnectorResponse(
        await write((trx) => service.updateSsoConnector(trx, request.params.id, request.body)),
      ),
  );

  app.delete(
    '/sso-connectors/:id',
    {
      schema: {
        tags,
        summary: 'Delete an SSO connector with its linked identities and JIT bindings',
        params: idParams,
        response: { 204: noContent, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const deleted = await write((trx) => repository.deleteSsoConnector(trx, request.params.id));
      if (!deleted) throw notFound('SSO connector', request.params.id);
      return reply.status(204).send(null);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../storage/schema.js';
import { errorResponses, idParams, noContent } from '../http/route-schemas.js';
import { sendThrough } from '../messages/connectors.js';
import { verificationCodeMessage } from '../messages/templates.js';
import { forgetConnectors } from './connector-lookup.js';
import * as repository from './connectors.repository.js';
import {
  connectorResponse,
  createConnectorBody,
  factoryResponse,
  testConnectorBody,
  updateConnectorBody,
} from './connectors.schemas.js';
import * as service from './connectors.service.js';
import { factories } from './factories.js';
import { buildMessageConnector } from './message-connectors.js';
import { toConnectorResponse, toFactoryResponse } from './responses.js';

const tags = ['Connectors'];

/** Connectors and their factories, in Logto's shapes: /connectors, /connector-factories. */
export const connectorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.services;
  // Every write drops this instance's cached lookups, whether it succeeded or not.
  const write = async <T>(work: (trx: Transaction<Database>) => Promise<T>) => {
    try {
      return await db.transaction().execute(work);
    } finally {
      forgetConnectors(db);
    }
  };

  app.get(
    '/connector-factories',
    { schema: { tags, summary: 'List connector factories', response: { 200: z.array(factoryResponse) } } },
    async () => factories.map(toFactoryResponse),
  );

  app.get(
    '/connector-factories/:id',
    {
      schema: {
        tags,
        summary: 'Get a connector factory',
        params: idParams,
        response: { 200: factoryResponse, ...errorResponses(404) },
      },
    },
    async (request) => toFactoryResponse(service.requireFactory(request.params.id)),
  );

  app.get(
    '/connectors',
    {
      schema: {
        tags,
        summary: 'List connectors, optionally of one social target; secrets are masked',
        querystring: z.object({ target: z.string().max(64).optional() }),
        response: { 200: z.array(connectorResponse) },
      },
    },
    async (request) => (await repository.listConnectors(db, request.query)).map(toConnectorResponse),
  );

  app.post(
    '/connectors',
    {
      schema: {
        tags,
        summary: 'Create a connector; an e-mail or SMS connector replaces the one of its type',
        body: createConnectorBody,
        response: { 200: connectorResponse, ...errorResponses(400, 404, 422) },
      },
    },
    async (request) => toConnectorResponse(await write((trx) => service.createConnector(trx, request.body))),
  );

  app.get(
    '/connectors/:id',
    {
      schema: {
        tags,
        summary: 'Get a connector; secrets are masked',
        params: idParams,
        response: { 200: connectorResponse, ...errorResponses(404) },
      },
    },
    async (request) => toConnectorResponse(await service.getConnector(db, request.params.id)),
  );

  app.patch(
    '/connectors/:id',
    {
      schema: {
        tags,
        summary: 'Update a connector; a secret left out or sent back masked keeps its value',
        params: idParams,
        body: updateConnectorBody,
        response: { 200: connectorResponse, ...errorResponses(400, 404, 422) },
      },
    },
    async (request) =>
      toConnectorResponse(
        await write((trx) => service.updateConnector(trx, request.params.id, request.body)),
      ),
  );

  app.delete(
    '/connectors/:id',
    {
      schema: {
        tags,
        summary: 'Delete a connector',
        params: idParams,
        response: { 204: noContent, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await write((trx) => service.deleteConnector(trx, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/connectors/:factoryId/test',
    {
      schema: {
        tags,
        summary: 'Send a test message with an unsaved config (omitted or masked secrets: the saved ones)',
        params: z.object({ factoryId: z.string().min(1).max(128) }),
        body: testConnectorBody,
        response: { 204: noContent, ...errorResponses(400, 404, 502) },
      },
    },
    async (request, reply) => {
      const factory = service.requireFactory(request.params.factoryId);
      const channel = 'email' in request.body ? 'email' : 'phone';
      const expected = channel === 'email' ? 'Email' : 'Sms';
      if (factory.type !== expected) throw service.notTestable(factory.id, expected);
      const connectorConfig = await service.configToTest(db, factory, request.body.config);
      const connector = buildMessageConnector(db, config, {
        connector_id: factory.id,
        config: connectorConfig,
      });
      const recipient = 'email' in request.body ? request.body.email : request.body.phone;
      await sendThrough(connector, verificationCodeMessage(channel, recipient, 'Generic', '000000'));
      return reply.status(204).send(null);
    },
  );
};

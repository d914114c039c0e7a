import { boundedJsonObject } from '../http/bounded-json.js';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../http/error-schema.js';
import { apiError } from '../http/error-registry.js';
import { runCustomizer, withoutReservedClaims } from './custom-claims.js';
import {
  getCustomizer,
  listCustomizers,
  patchCustomizer,
  putCustomizer,
  removeCustomizer,
} from './jwt-customizers.service.js';

const tokenTypePath = z.enum(['access-token', 'client-credentials']);
const params = z.object({ tokenTypePath });
const jsonObject = z.record(z.string(), z.unknown());
const jsonInput = boundedJsonObject();
const script = z
  .string()
  .min(1)
  .max(64 * 1024);

const customizerValue = z.object({
  script,
  environmentVariables: z.record(z.string(), z.string()).optional(),
  contextSample: jsonInput.optional(),
  tokenSample: jsonInput.optional(),
  blockIssuanceOnError: z.boolean().optional(),
});

const testBody = z.object({
  tokenType: tokenTypePath,
  script,
  environmentVariables: z.record(z.string(), z.string()).optional(),
  token: jsonInput,
  context: jsonInput.default({}),
});

/** Custom JWT claims scripts: /configs/jwt-customizer. */
export const jwtCustomizerRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.services;

  app.get(
    '/configs/jwt-customizer',
    {
      schema: {
        summary: 'List the custom JWT claims scripts',
        response: { 200: z.array(z.object({ key: z.string(), value: customizerValue })) },
      },
    },
    async () => listCustomizers(db),
  );

  app.put(
    '/configs/jwt-customizer/:tokenTypePath',
    {
      schema: {
        summary: 'Create or replace a custom JWT claims script',
        params,
        body: customizerValue,
        response: { 200: customizerValue, 201: customizerValue, 400: errorBody },
      },
    },
    async (request, reply) => {
      const { created, value } = await putCustomizer(db, request.params.tokenTypePath, request.body);
      return reply.status(created ? 201 : 200).send(value);
    },
  );

  app.patch(
    '/configs/jwt-customizer/:tokenTypePath',
    {
      schema: {
        summary: 'Update a custom JWT claims script',
        params,
        body: customizerValue.partial(),
        response: { 200: customizerValue, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => patchCustomizer(db, request.params.tokenTypePath, request.body),
  );

  app.get(
    '/configs/jwt-customizer/:tokenTypePath',
    {
      schema: {
        summary: 'Get a custom JWT claims script',
        params,
        response: { 200: customizerValue, 404: errorBody },
      },
    },
    async (request) => getCustomizer(db, request.params.tokenTypePath),
  );

  app.delete(
    '/configs/jwt-customizer/:tokenTypePath',
    {
      schema: {
        summary: 'Delete a custom JWT claims script',
        params,
        response: { 204: z.null(), 404: errorBody },
      },
    },
    async (request, reply) => {
      await removeCustomizer(db, request.params.tokenTypePath);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/configs/jwt-customizer/test',
    {
      schema: {
        summary: 'Run a custom JWT claims script on a sample token and context',
        body: testBody,
        response: { 200: jsonObject, 400: errorBody, 403: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const { token, context, ...customizer } = request.body;
      const outcome = await runCustomizer(config, customizer, token, context);
      switch (outcome.status) {
        case 'ok':
          return withoutReservedClaims(outcome.claims);
        case 'denied':
          throw apiError('jwt_customizer.access_denied', { message: outcome.message });
        case 'error':
          throw apiError('jwt_customizer.general', { message: outcome.message, reason: outcome.reason });
      }
    },
  );
};

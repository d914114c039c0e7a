import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { operationIdFor, summaryFor } from './operation-ids.js';

type Input = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The zod transform, then every visible operation named: an `operationId` (the route's own, else
 * derived, operation-ids.ts) and a `summary` (the route's own, else from the id). A route mounted
 * at its prefix (`/api/experience/`) is documented without the trailing slash, which Fastify
 * serves too.
 */
export const namedOperationsTransform: SwaggerTransform = (input) => {
  const result = jsonSchemaTransform(input as Input);
  const schema = result.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return result;
  const url = input.url.replace(/(.)\/+$/, '$1');
  const method = [input.route.method].flat()[0]!.toLowerCase();
  const operationId =
    (schema.operationId as string | undefined) ?? operationIdFor(method, url.replace(/^\/api(?=\/|$)/, ''));
  return {
    url,
    schema: {
      ...schema,
      operationId,
      summary: (schema.summary as string | undefined) ?? summaryFor(operationId),
    },
  };
};

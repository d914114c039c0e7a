import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { epochMillis } from '../http/epoch-millis.js';
import type { Database } from '../storage/schema.js';
import * as secrets from './application-secrets.service.js';
import { applicationResponse } from './applications.schemas.js';
import { forgetApplicationCaches } from '../oidc/clients.js';
import { mutate } from '../webhooks/mutation.js';
import { errorResponses, idParams, noContent } from '../http/route-schemas.js';

const tags = ['Applications'];
const secretName = z.string().trim().min(1).max(256);
const nameParams = idParams.extend({ name: secretName });
const secretResponse = z.object({
  applicationId: z.string(),
  name: z.string(),
  createdAt: z.number().describe('epoch milliseconds'),
  expiresAt: z.number().nullable().describe('epoch milliseconds; null: never expires'),
  value: z
    .string()
    .nullable()
    .describe(
      'the secret; null when it cannot be shown again (kept as a digest only: created before values were kept, or the installation shows secrets once)',
    ),
});

/** How this installation keeps secrets, and who is calling (named in the audit entry of a reveal). */
export function secretAccess(request: FastifyRequest): secrets.SecretAccess {
  const { secretBox, config } = request.server.services;
  return {
    box: secretBox,
    shownOnce: config.applicationSecrets.shownOnce,
    reader: {
      applicationId: request.caller?.applicationId ?? null,
      userId: request.caller?.userId ?? null,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    },
  };
}

/** Writes that change how the client authenticates drop this instance's cached client at once. */
async function changeSecrets<T>(
  request: FastifyRequest,
  applicationId: string,
  status: number,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const result = await mutate(request, status, work);
  forgetApplicationCaches(request.server.services.db, applicationId);
  return result;
}

/** Named client secrets for rotation without downtime (Logto's routes); any unexpired one authenticates. */
export const applicationSecretsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/applications/:id/secrets',
    {
      schema: {
        tags,
        summary:
          'List the named secrets of an application with their values (each reveal is audited; null where a value cannot be shown)',
        params: idParams,
        response: { 200: z.array(secretResponse), ...errorResponses(404) },
      },
    },
    (request) =>
      mutate(request, 200, (trx) => secrets.listSecrets(trx, secretAccess(request), request.params.id)),
  );

  app.post(
    '/applications/:id/secrets',
    {
      schema: {
        tags,
        summary: 'Add a named secret, optionally expiring',
        params: idParams,
        body: z.object({ name: secretName, expiresAt: epochMillis.nullish() }),
        response: { 201: secretResponse, ...errorResponses(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const created = await changeSecrets(request, request.params.id, 201, (trx) =>
        secrets.createSecret(trx, secretAccess(request), request.params.id, request.body),
      );
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/applications/:id/secrets/:name',
    {
      schema: {
        tags,
        summary: 'Rename a named secret',
        params: nameParams,
        body: z.object({ name: secretName }),
        response: { 200: secretResponse, ...errorResponses(400, 404, 422) },
      },
    },
    (request) =>
      changeSecrets(request, request.params.id, 200, (trx) =>
        secrets.renameSecret(
          trx,
          secretAccess(request),
          request.params.id,
          request.params.name,
          request.body.name,
        ),
      ),
  );

  app.delete(
    '/applications/:id/secrets/:name',
    {
      schema: {
        tags,
        summary: 'Delete a named secret: it stops authenticating at once',
        params: nameParams,
        response: { 204: noContent, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await changeSecrets(request, request.params.id, 204, (trx) =>
        secrets.deleteSecret(trx, request.params.id, request.params.name),
      );
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/applications/:id/legacy-secret',
    {
      schema: {
        tags,
        summary: 'Remove the legacy secret, leaving only named secrets to authenticate',
        params: idParams,
        response: { 200: applicationResponse, ...errorResponses(400, 404) },
      },
    },
    (request) =>
      changeSecrets(request, request.params.id, 200, (trx) =>
        secrets.deleteLegacySecret(trx, request.params.id),
      ),
  );
};

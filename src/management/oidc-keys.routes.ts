import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../http/error-registry.js';
import {
  deleteSigningKey,
  keyAlgorithmName,
  loadSigningKeys,
  pendingPeriodMs,
  rotateSigningKeys,
  type SigningKey,
} from '../oidc/signing-keys.js';
import { errorResponses, noContent } from '../http/route-schemas.js';

const tags = ['OIDC keys'];

// Logto's path shape; only the JWT signing keys rotate here (the cookie key is one system secret).
const keyType = z.enum(['private-keys']).describe('`private-keys`: the keys that sign OIDC JWTs');
const signingKeyAlgorithm = z.enum(['EC', 'RSA']);

const keyResponse = z.object({
  id: z.string(),
  createdAt: z.number().describe('milliseconds since the epoch'),
  signingKeyAlgorithm,
});

const toResponse = (keys: SigningKey[]) =>
  keys.map((key) => ({
    id: key.kid,
    createdAt: key.createdAt.getTime(),
    signingKeyAlgorithm: keyAlgorithmName(key.alg),
  }));

/**
 * The signing keys JWKS publishes, newest (the one that signs) first: /configs/oidc/private-keys.
 * Every instance picks a change up within its key refresh interval (10 s); this one at once. A
 * rotated-in key is published at once and signs after two refresh intervals (see signing-keys.ts).
 */
export const oidcKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/configs/oidc/:keyType',
    {
      schema: {
        tags,
        summary: 'List the published OIDC signing keys, newest first (no key material)',
        params: z.object({ keyType }),
        response: { 200: z.array(keyResponse), ...errorResponses(400) },
      },
    },
    async (request) => toResponse(await loadSigningKeys(request.server.services.db)),
  );

  app.post(
    '/configs/oidc/:keyType/rotate',
    {
      schema: {
        tags,
        summary:
          'Publish a new key that signs once every instance publishes it; the previous ones stay published for one token lifetime',
        params: z.object({ keyType }),
        body: z.object({ signingKeyAlgorithm: signingKeyAlgorithm.default('EC') }).default({
          signingKeyAlgorithm: 'EC',
        }),
        response: { 200: z.array(keyResponse), ...errorResponses(400) },
      },
    },
    async (request) => {
      const { db, keys, config } = request.server.services;
      const pendingMs = pendingPeriodMs(config.signingKeys.refreshMs);
      const published = await rotateSigningKeys(db, request.body.signingKeyAlgorithm, pendingMs);
      await keys.refresh();
      return toResponse(published);
    },
  );

  app.delete(
    '/configs/oidc/:keyType/:keyId',
    {
      schema: {
        tags,
        summary: 'Withdraw a signing key at once (tokens it signed stop verifying)',
        params: z.object({ keyType, keyId: z.string().min(1).max(128) }),
        response: { 204: noContent, ...errorResponses(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const { db, keys } = request.server.services;
      const { keyId } = request.params;
      switch (await deleteSigningKey(db, keyId)) {
        case 'not_found':
          throw apiError('entity.not_exists_with_id#signing_key', { id: keyId });
        case 'last_key':
          throw apiError('oidc.key_required');
        case 'deleted':
          await keys.refresh();
          return reply.status(204).send(null);
      }
    },
  );
};

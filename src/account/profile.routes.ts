import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, noContent } from '../experience/route-schemas.js';
import { avatar, displayName, userProfile, username } from '../users/users.schemas.js';
import { requireIdentityProof, VERIFICATION_HEADER } from './identity-verification.js';
import { accountProfile } from './account.schemas.js';
import { accountView } from './account-fields.js';
import { changeBasicProfile, changeOwnPassword, changeOwnProfile } from './profile.service.js';

const proofHeader = z.object({ [VERIFICATION_HEADER]: z.string().max(128).optional() });

/** The signed-in user changes their own name, avatar, username, profile claims and password. */
export const accountProfileRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['Account'], security: [{ bearer: [] }] };

  app.patch(
    '/',
    {
      schema: {
        ...schema,
        summary: 'Change my name, avatar or username (null clears one)',
        body: z.object({
          name: displayName.nullish(),
          avatar: avatar.nullish(),
          username: username.nullish(),
        }),
        response: { 200: accountProfile.partial(), ...errors(400, 401, 403, 422) },
      },
    },
    async (request) =>
      accountView(request.accountCenter!, await changeBasicProfile(request, request.account!, request.body)),
  );

  app.patch(
    '/profile',
    {
      schema: {
        ...schema,
        summary: 'Change my OIDC profile claims (merged member by member)',
        body: userProfile.strict(),
        response: { 200: userProfile, ...errors(400, 401, 403) },
      },
    },
    async (request) => changeOwnProfile(request, request.account!, request.body),
  );

  app.post(
    '/password',
    {
      schema: {
        ...schema,
        summary: 'Set a new password (needs a fresh identity verification)',
        body: z.object({ password: z.string().min(1).max(256) }),
        headers: proofHeader,
        response: { 204: noContent, ...errors(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      await requireIdentityProof(request, request.account!);
      await changeOwnPassword(request, request.account!, request.body.password);
      return reply.status(204).send(null);
    },
  );
};

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../http/route-schemas.js';
import { loadAccountCenter, patchAccountCenter } from './account-center.js';
import { accountCenter, accountCenterPatch } from './account-center.schemas.js';

const tags = ['Account center'];

/** GET/PATCH /api/account-center: whether end users manage their own account, and which fields. */
export const accountCenterRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/account-center',
    { schema: { tags, summary: 'The account center settings', response: { 200: accountCenter } } },
    async (request) => loadAccountCenter(request.server.services.db),
  );

  typed.patch(
    '/account-center',
    {
      schema: {
        tags,
        summary: 'Change the account center settings (fields merge member by member)',
        body: accountCenterPatch,
        response: { 200: accountCenter, ...errorResponses(400) },
      },
    },
    async (request) => patchAccountCenter(request.server.services.db, request.body),
  );
};

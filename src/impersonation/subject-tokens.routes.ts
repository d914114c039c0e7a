import type { FastifyPluginAsync } from 'fastify';

/** Subject tokens: /subject-tokens. */
export const subjectTokensRoutes: FastifyPluginAsync = async () => {};

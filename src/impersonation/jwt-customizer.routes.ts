import type { FastifyPluginAsync } from 'fastify';

/** Custom JWT claims scripts: /configs/jwt-customizer. */
export const jwtCustomizerRoutes: FastifyPluginAsync = async () => {};

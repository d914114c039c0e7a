import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors, type Interaction } from 'oidc-provider';
import { sessionNotFound } from './errors.js';

/**
 * The oidc-provider interaction of this browser, found through its signed interaction cookie;
 * every Experience API call is bound to it.
 */
export async function currentInteraction(request: FastifyRequest, reply: FastifyReply): Promise<Interaction> {
  try {
    return await request.server.services.provider.interactionDetails(request.raw, reply.raw);
  } catch (error) {
    if (error instanceof errors.SessionNotFound) throw sessionNotFound();
    throw error;
  }
}

/** The interaction of this browser, if it has one (the hosted pages also render without). */
export async function findInteraction(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Interaction | undefined> {
  try {
    return await request.server.services.provider.interactionDetails(request.raw, reply.raw);
  } catch (error) {
    if (error instanceof errors.SessionNotFound) return undefined;
    throw error;
  }
}

export function clientIdOf(interaction: Interaction): string {
  return String(interaction.params.client_id);
}

/** The interaction's request parameter as a list: `scope` is space-separated, `resource` repeatable. */
export function requestedScopes(interaction: Interaction): string[] {
  const scope = interaction.params.scope;
  return typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [];
}

export function requestedResources(interaction: Interaction): string[] {
  const resource = interaction.params.resource;
  if (typeof resource === 'string') return [resource];
  return Array.isArray(resource) ? resource.filter((value) => typeof value === 'string') : [];
}

/** Claim names asked for through the `claims` request parameter (id_token and userinfo members). */
export function requestedClaims(interaction: Interaction): string[] {
  const claims = interaction.params.claims;
  if (typeof claims !== 'string') return [];
  try {
    const parsed = JSON.parse(claims) as { id_token?: object; userinfo?: object };
    return [...new Set([...Object.keys(parsed.id_token ?? {}), ...Object.keys(parsed.userinfo ?? {})])];
  } catch {
    return [];
  }
}

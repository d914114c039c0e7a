import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../http/error-schema.js';
import { notFound } from '../http/errors.js';
import { pageBounds, sendTotal } from '../http/pagination.js';
import { mutate } from '../webhooks/mutation.js';
import { toOrganizationRole } from './entities.js';
import { requireMembership } from './errors.js';
import { listMemberRoles, nonMembers } from './member-roles.repository.js';
import { addMemberRoles, removeMemberRole, replaceMemberRoles } from './member-roles.service.js';
import type { MemberKind } from './members.repository.js';
import { findOrganization } from './organizations.repository.js';
import { idParams, organizationRole, pageQueryOnly, roleIdsBody, roleIdsOrNamesBody } from './schemas.js';

const tags = ['Organization members'];
const memberId = z.string().min(1).max(256);

/**
 * Organization roles of one member (`/organizations/:id/users/:userId/roles`, and the same under
 * `applications/:applicationId` for machine-to-machine applications): list, add, replace, remove.
 * 422 `organization.require_membership` when the user or application is no member.
 */
function memberRolesPlugin(kind: MemberKind): FastifyPluginAsync {
  const segment = kind === 'user' ? 'users' : 'applications';
  const key = kind === 'user' ? 'userId' : 'applicationId';
  const path = `/organizations/:id/${segment}/:${key}/roles`;
  // The member's parameter name differs by kind; typed as the organization id alone, read by key.
  const params = idParams.extend({ [key]: memberId }) as unknown as typeof idParams;
  const memberOf = (p: object) => (p as Record<string, string>)[key]!;

  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();

    typed.get(
      path,
      {
        schema: {
          tags,
          params,
          querystring: pageQueryOnly,
          response: { 200: z.array(organizationRole), 404: errorBody, 422: errorBody },
        },
      },
      async (request, reply) => {
        const db = request.server.services.db;
        const { id } = request.params;
        const member = memberOf(request.params);
        if (!(await findOrganization(db, id))) throw notFound('organization', id);
        if ((await nonMembers(db, kind, id, [member])).length > 0) throw requireMembership([member], id);
        const { total, rows } = await listMemberRoles(db, kind, id, member, pageBounds(request.query));
        sendTotal(reply, total);
        return rows.map(toOrganizationRole);
      },
    );

    typed.post(
      path,
      {
        schema: {
          tags,
          params,
          body: roleIdsOrNamesBody,
          response: { 201: roleIdsBody, 404: errorBody, 422: errorBody },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const roleIds = await mutate(request, 201, (trx) =>
          addMemberRoles(trx, kind, id, [memberOf(request.params)], request.body),
        );
        return reply.status(201).send({ organizationRoleIds: roleIds });
      },
    );

    typed.put(
      path,
      {
        schema: {
          tags,
          params,
          body: roleIdsOrNamesBody,
          response: { 204: z.null(), 404: errorBody, 422: errorBody },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        await mutate(request, 204, (trx) =>
          replaceMemberRoles(trx, kind, id, memberOf(request.params), request.body),
        );
        return reply.status(204).send(null);
      },
    );

    typed.delete(
      `${path}/:organizationRoleId`,
      {
        schema: {
          tags,
          params: params.extend({ organizationRoleId: z.string().min(1) }),
          response: { 204: z.null(), 404: errorBody, 422: errorBody },
        },
      },
      async (request, reply) => {
        const { id, organizationRoleId } = request.params;
        await mutate(request, 204, (trx) =>
          removeMemberRole(trx, kind, id, memberOf(request.params), organizationRoleId),
        );
        return reply.status(204).send(null);
      },
    );
  };
}

export const userRolesRoutes = memberRolesPlugin('user');
export const applicationRolesRoutes = memberRolesPlugin('application');

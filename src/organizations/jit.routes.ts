import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../http/error-schema.js';
import { notFound } from '../http/errors.js';
import { pageBounds, pageQuery, sendTotal } from '../http/pagination.js';
import { toOrganizationRole } from './entities.js';
import * as jit from './jit.repository.js';
import { assertIdsExist } from './known-ids.js';
import { findOrganization, lockOrganization } from './organizations.repository.js';
import { idParams, organizationRole } from './schemas.js';

const tags = ['Organization just-in-time provisioning'];

const emailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/, 'a domain such as example.com');

const domainEntry = z.object({ organizationId: z.string(), emailDomain: z.string() });

/**
 * E-mail domains whose verified users join the organization at sign-up or sign-in, and the
 * organization roles they get. Configuration only: these calls fire no webhook event.
 */
export const jitRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const db = app.services.db;
  const inOrganization = async <T>(
    id: string,
    work: (trx: Parameters<typeof jit.replaceJitRoles>[0]) => Promise<T>,
  ) =>
    db.transaction().execute(async (trx) => {
      if (!(await lockOrganization(trx, id))) throw notFound('organization', id);
      return work(trx);
    });

  typed.get(
    '/organizations/:id/jit/email-domains',
    {
      schema: {
        tags,
        params: idParams,
        querystring: pageQuery,
        response: { 200: z.array(domainEntry), 404: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await findOrganization(db, id))) throw notFound('organization', id);
      const { total, domains } = await jit.listEmailDomains(db, id, pageBounds(request.query));
      sendTotal(reply, total);
      return domains.map((domain) => ({ organizationId: id, emailDomain: domain }));
    },
  );

  typed.put(
    '/organizations/:id/jit/email-domains',
    {
      schema: {
        tags,
        params: idParams,
        body: z.object({ emailDomains: z.array(emailDomain).max(1000) }),
        response: { 204: z.null(), 404: errorBody },
      },
    },
    async (request, reply) => {
      const domains = [...new Set(request.body.emailDomains)];
      await inOrganization(request.params.id, (trx) =>
        jit.replaceEmailDomains(trx, request.params.id, domains),
      );
      return reply.status(204).send(null);
    },
  );

  typed.post(
    '/organizations/:id/jit/email-domains',
    {
      schema: {
        tags,
        params: idParams,
        body: z.object({ emailDomain }),
        response: { 201: domainEntry, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await inOrganization(id, (trx) => jit.insertEmailDomains(trx, id, [request.body.emailDomain]));
      return reply.status(201).send({ organizationId: id, emailDomain: request.body.emailDomain });
    },
  );

  typed.delete(
    '/organizations/:id/jit/email-domains/:emailDomain',
    {
      schema: {
        tags,
        params: idParams.extend({ emailDomain: z.string().min(1).max(253) }),
        response: { 204: z.null(), 404: errorBody },
      },
    },
    async (request, reply) => {
      const { id, emailDomain: domain } = request.params;
      const deleted = await inOrganization(id, (trx) => jit.deleteEmailDomain(trx, id, domain.toLowerCase()));
      if (!deleted) throw notFound('email domain', domain);
      return reply.status(204).send(null);
    },
  );

  typed.get(
    '/organizations/:id/jit/roles',
    { schema: { tags, params: idParams, response: { 200: z.array(organizationRole), 404: errorBody } } },
    async (request) => {
      const { id } = request.params;
      if (!(await findOrganization(db, id))) throw notFound('organization', id);
      return (await jit.listJitRoles(db, id)).map(toOrganizationRole);
    },
  );

  typed.put(
    '/organizations/:id/jit/roles',
    {
      schema: {
        tags,
        params: idParams,
        body: z.object({ organizationRoleIds: z.array(z.string().min(1).max(256)).max(100) }),
        response: { 204: z.null(), 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const roleIds = [...new Set(request.body.organizationRoleIds)];
      await inOrganization(id, async (trx) => {
        await assertIdsExist(trx, 'organization_roles', roleIds);
        await jit.replaceJitRoles(trx, id, roleIds);
      });
      return reply.status(204).send(null);
    },
  );
};

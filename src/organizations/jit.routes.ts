import type { FastifyPluginAsync } from 'fastify';
import type { Transaction } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../http/error-schema.js';
import { notFound } from '../http/errors.js';
import { apiError } from '../http/error-registry.js';
import { pageBounds, pageQuery, sendTotal } from '../http/pagination.js';
import type { Db } from '../storage/database.js';
import type { Database } from '../storage/schema.js';
import * as jit from './jit.repository.js';
import { findOrganization, lockOrganization } from './organizations.repository.js';
import { idParams } from './schemas.js';

const tags = ['Organization just-in-time provisioning'];

const emailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/, 'a domain such as example.com');

const domainEntry = z.object({ organizationId: z.string(), emailDomain: z.string() });

/** Runs `work` in a transaction holding the organization's row lock; 404 when it does not exist. */
export function lockedOrganization(db: Db) {
  return <T>(id: string, work: (trx: Transaction<Database>) => Promise<T>) =>
    db.transaction().execute(async (trx) => {
      if (!(await lockOrganization(trx, id))) throw notFound('organization', id);
      return work(trx);
    });
}

/**
 * E-mail domains whose verified users join the organization at sign-up or sign-in, and the
 * organization roles they get (jit-roles.routes.ts). Configuration only: these calls fire no webhook event.
 */
export const jitRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const db = app.services.db;
  const inOrganization = lockedOrganization(db);

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
      const { total, domains } = await jit.listEmailDomains(db, id, pageBounds(request.query, 'default'));
      sendTotal(reply, total, 'default');
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
        response: { 201: domainEntry, 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const added = await inOrganization(id, (trx) =>
        jit.insertEmailDomains(trx, id, [request.body.emailDomain]),
      );
      if (added === 0) {
        throw apiError('entity.unique_integrity_violation#email_domain', {
          domain: request.body.emailDomain,
        });
      }
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
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../http/error-registry.js';
import { notFound } from '../http/errors.js';
import { errorResponses, idParams, noContent } from '../http/route-schemas.js';
import * as repository from './email-templates.repository.js';
import {
  details,
  emailTemplate,
  filter,
  languageTag,
  templateType,
  toEmailTemplate,
} from './email-templates.schemas.js';

const tags = ['Email templates'];

/** Logto's e-mail templates: per language and usage, used before a connector's own templates. */
export const emailTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.put(
    '/email-templates',
    {
      schema: {
        tags,
        summary: 'Create or replace e-mail templates (by language and usage)',
        body: z.object({
          templates: z.array(z.object({ languageTag, templateType, details })).min(1).max(100),
        }),
        response: { 200: z.array(emailTemplate), ...errorResponses(400) },
      },
    },
    async (request) =>
      (await repository.upsertEmailTemplates(db, request.body.templates)).map(toEmailTemplate),
  );

  app.get(
    '/email-templates',
    {
      schema: {
        tags,
        summary: 'List e-mail templates',
        querystring: filter,
        response: { 200: z.array(emailTemplate), ...errorResponses(400) },
      },
    },
    async (request) => (await repository.listEmailTemplates(db, request.query)).map(toEmailTemplate),
  );

  app.delete(
    '/email-templates',
    {
      schema: {
        tags,
        summary: 'Delete the e-mail templates of a language, a usage or both',
        querystring: filter,
        response: { 200: z.object({ rowCount: z.number() }), ...errorResponses(400, 422) },
      },
    },
    async (request) => {
      if (!request.query.languageTag && !request.query.templateType) {
        throw apiError('connector.email_connector.bulk_deletion_no_filter');
      }
      return { rowCount: await repository.deleteEmailTemplates(db, request.query) };
    },
  );

  app.get(
    '/email-templates/:id',
    {
      schema: {
        tags,
        summary: 'Get an e-mail template',
        params: idParams,
        response: { 200: emailTemplate, ...errorResponses(404) },
      },
    },
    async (request) => {
      const row = await repository.findEmailTemplate(db, request.params.id);
      if (!row) throw notFound('email template', request.params.id);
      return toEmailTemplate(row);
    },
  );

  app.patch(
    '/email-templates/:id/details',
    {
      schema: {
        tags,
        summary: 'Update the details of an e-mail template',
        params: idParams,
        body: details.partial(),
        response: { 200: emailTemplate, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const current = await repository.findEmailTemplate(db, request.params.id);
      if (!current) throw notFound('email template', request.params.id);
      const updated = await repository.updateEmailTemplateDetails(db, current.id, {
        ...current.details,
        ...request.body,
      });
      if (!updated) throw notFound('email template', request.params.id);
      return toEmailTemplate(updated);
    },
  );

  app.delete(
    '/email-templates/:id',
    {
      schema: {
        tags,
        summary: 'Delete an e-mail template',
        params: idParams,
        response: { 204: noContent, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      if (!(await repository.deleteEmailTemplate(db, request.params.id))) {
        throw notFound('email template', request.params.id);
      }
      return reply.status(204).send(null);
    },
  );
};

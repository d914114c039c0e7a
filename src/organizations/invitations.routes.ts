import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../http/error-schema.js';
import { notFound } from '../http/errors.js';
import { pageBounds, sendTotal } from '../http/pagination.js';
import { guardInvitationSendLimit } from '../messages/send-limit.js';
import { managementContext, mutate } from '../webhooks/mutation.js';
import { deliverMessage } from '../messages/connectors.js';
import { uiLocales } from '../messages/localized-template.js';
import { invitationMessage } from '../messages/templates.js';
import { toInvitation } from './entities.js';
import {
  deleteInvitation,
  findInvitation,
  listInvitations,
  rolesOfInvitations,
} from './invitations.repository.js';
import { changeInvitationStatus, createInvitation, loadInvitation } from './invitations.service.js';
import {
  createInvitationBody,
  invitation,
  invitationStatusBody,
  invitationsQuery,
  messagePayload,
} from './invitations.schemas.js';
import { idParams } from './schemas.js';

const tags = ['Organization invitations'];

/** /organization-invitations; accepting one fires Organization.Membership.Updated. */
export const invitationsRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/organization-invitations',
    {
      schema: {
        tags,
        body: createInvitationBody,
        response: { 201: invitation, 400: errorBody, 422: errorBody, 429: errorBody, 502: errorBody },
      },
    },
    async (request, reply) => {
      const { messagePayload: payload, ...body } = request.body;
      if (payload)
        await guardInvitationSendLimit(
          app.services,
          body.invitee,
          body.organizationId,
          managementContext(request, 429),
        );
      const created = await mutate(request, 201, (trx) => createInvitation(trx, body));
      // After the commit (a connector may use the database itself); an invitation whose e-mail
      // could not be sent is not kept, as Logto rolls it back.
      if (payload) {
        await deliverMessage(
          app.services,
          invitationMessage(created.invitee, payload),
          uiLocales(payload.locale),
        ).catch(async (error: unknown) => {
          await deleteInvitation(app.services.db, created.id);
          throw error;
        });
      }
      return reply.status(201).send(created);
    },
  );

  typed.post(
    '/organization-invitations/:id/message',
    {
      schema: {
        tags,
        params: idParams,
        body: messagePayload,
        response: { 204: z.null(), 404: errorBody, 429: errorBody, 502: errorBody },
      },
    },
    async (request, reply) => {
      const row = await findInvitation(app.services.db, request.params.id);
      if (!row) throw notFound('organization invitation', request.params.id);
      await guardInvitationSendLimit(
        app.services,
        row.invitee,
        row.organization_id,
        managementContext(request, 429),
      );
      await deliverMessage(
        app.services,
        invitationMessage(row.invitee, request.body),
        uiLocales(request.body.locale),
      );
      return reply.status(204).send(null);
    },
  );

  typed.get(
    '/organization-invitations',
    { schema: { tags, querystring: invitationsQuery, response: { 200: z.array(invitation) } } },
    async (request, reply) => {
      const db = request.server.services.db;
      const { organizationId, inviterId, invitee } = request.query;
      const { total, rows } = await listInvitations(
        db,
        { organizationId, inviterId, invitee },
        pageBounds(request.query),
      );
      const roles = await rolesOfInvitations(
        db,
        rows.map((row) => row.id),
      );
      sendTotal(reply, total);
      const now = Date.now();
      return rows.map((row) =>
        toInvitation(
          row,
          roles.filter((role) => role.invitationId === row.id),
          now,
        ),
      );
    },
  );

  typed.get(
    '/organization-invitations/:id',
    { schema: { tags, params: idParams, response: { 200: invitation, 404: errorBody } } },
    async (request) => {
      const db = request.server.services.db;
      const row = await findInvitation(db, request.params.id);
      if (!row) throw notFound('organization invitation', request.params.id);
      return loadInvitation(db, row);
    },
  );

  typed.put(
    '/organization-invitations/:id/status',
    {
      schema: {
        tags,
        params: idParams,
        body: invitationStatusBody,
        response: { 200: invitation, 404: errorBody, 422: errorBody },
      },
    },
    async (request) =>
      mutate(request, 200, (trx, events) =>
        changeInvitationStatus(trx, events, request.params.id, request.body),
      ),
  );
};

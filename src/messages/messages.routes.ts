import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../http/error-schema.js';
import { pageBounds, pageQuery, sendTotal } from '../http/pagination.js';
import { newId } from '../storage/ids.js';
import { email, phone } from '../users/users.schemas.js';
import { deliverMessage } from './connectors.js';
import { listRecordedMessages } from '../connectors/recorded-messages.repository.js';
import { verificationCodeMessage } from './templates.js';
import { checkCode, codeError, createCode } from './verification-codes.js';
import { latestManagementCode } from './verification-codes.repository.js';

const tags = ['Messages'];

const message = z.object({
  id: z.string(),
  channel: z.enum(['email', 'phone']),
  recipient: z.string(),
  purpose: z.string(),
  subject: z.string(),
  content: z.string(),
  code: z.string().nullable(),
  /** What the template was rendered with (Logto's message `payload`): `code`, an invitation's `link`. */
  payload: z.record(z.string(), z.string()),
  createdAt: z.number(),
});

// Either an e-mail address or a phone number, as Logto's management verification-code routes take.
const recipientBody = z.union([
  z.object({ email: z.string().trim().toLowerCase().pipe(email) }).strict(),
  z.object({ phone: z.string().trim().pipe(phone) }).strict(),
]);
const identifierOf = (body: z.infer<typeof recipientBody>) =>
  'email' in body
    ? { type: 'email' as const, value: body.email }
    : { type: 'phone' as const, value: body.phone };

/**
 * The recording connector's messages, newest first (development and tests read codes here), and
 * management-side code sends: these are not end-user sends, so no send limit applies to them.
 */
export const messagesRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const services = app.services;

  typed.get(
    '/messages',
    {
      schema: {
        tags,
        querystring: pageQuery.extend({ recipient: z.string().trim().toLowerCase().max(320).optional() }),
        response: { 200: z.array(message) },
      },
    },
    async (request, reply) => {
      const { total, rows } = await listRecordedMessages(
        services.db,
        request.query.recipient,
        pageBounds(request.query),
      );
      sendTotal(reply, total);
      return rows.map(({ created_at, ...row }) => ({ ...row, createdAt: created_at.getTime() }));
    },
  );

  typed.post(
    '/verification-codes',
    { schema: { tags, body: recipientBody, response: { 204: z.null(), 502: errorBody } } },
    async (request, reply) => {
      const identifier = identifierOf(request.body);
      const code = await createCode(services.db, { id: newId(), purpose: 'Management', identifier });
      await deliverMessage(
        services,
        verificationCodeMessage(identifier.type, identifier.value, 'Generic', code),
      );
      return reply.status(204).send(null);
    },
  );

  typed.post(
    '/verification-codes/verify',
    {
      schema: {
        tags,
        body: z.intersection(recipientBody, z.object({ verificationCode: z.string().regex(/^\d{6}$/) })),
        response: { 204: z.null(), 400: errorBody },
      },
    },
    async (request, reply) => {
      const identifier = identifierOf(request.body);
      const pending = await latestManagementCode(services.db, identifier);
      if (!pending) throw codeError('not_found');
      const check = await checkCode(services.db, pending.id, request.body.verificationCode);
      if (check !== 'verified') throw codeError(check);
      return reply.status(204).send(null);
    },
  );
};

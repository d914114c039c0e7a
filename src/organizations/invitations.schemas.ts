import { z } from 'zod';
import { epochMillis } from '../http/epoch-millis.js';
import { pageQuery } from '../http/pagination.js';
import { ids, roleReference } from './schemas.js';

/** Shapes of organization invitations, as Logto sends them; timestamps are epoch milliseconds. */
export const invitationStatus = z.enum(['Pending', 'Accepted', 'Revoked', 'Expired']);

export const invitation = z.object({
  id: z.string(),
  inviterId: z.string().nullable(),
  invitee: z.string(),
  acceptedUserId: z.string().nullable(),
  organizationId: z.string(),
  status: invitationStatus,
  expiresAt: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
  organizationRoles: z.array(roleReference),
});

/**
 * What the invitation e-mail carries (Logto's message payload): `link` and `code` fill the
 * template's `{{link}}` and `{{code}}`; other string members fill their own placeholders.
 */
export const messagePayload = z
  .object({
    code: z.string().max(256).optional(),
    link: z.string().max(2048).optional(),
    locale: z.string().max(64).optional(),
    uiLocales: z.string().max(256).optional(),
  })
  .catchall(z.union([z.string().max(2048), z.number(), z.boolean(), z.null()]));

export const createInvitationBody = z.object({
  inviterId: z.string().min(1).nullable().optional(),
  invitee: z.email().max(320),
  organizationId: z.string().min(1),
  expiresAt: epochMillis.positive(),
  organizationRoleIds: ids.optional(),
  messagePayload: z.union([messagePayload, z.literal(false)]).optional(),
});

export const invitationsQuery = pageQuery.extend({
  organizationId: z.string().optional(),
  inviterId: z.string().optional(),
  invitee: z.string().optional(),
});

export const invitationStatusBody = z.object({
  status: z.enum(['Accepted', 'Revoked']),
  acceptedUserId: z.string().min(1).nullable().optional(),
});

export type Invitation = z.infer<typeof invitation>;
export type MessagePayload = z.infer<typeof messagePayload>;

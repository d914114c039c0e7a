import { z } from 'zod';
import { applicationEntity, membershipMembers, userEntity } from '../support/payload-shapes.js';

/**
 * The specification's webhook payload tables for the events of user flows, as strict schemas:
 * common fields, the IP under its family's name, the Experience API context, the event's own.
 * The entities and the membership members are the management events' (test/support/payload-shapes).
 */
const interactionEvent = z.enum(['SignIn', 'Register', 'ForgotPassword']);

const common = {
  hookId: z.string(),
  createdAt: z.iso.datetime(),
  userAgent: z.string().optional(),
};

const experienceContext = {
  interactionEvent: interactionEvent.optional(),
  sessionId: z.string().optional(),
  applicationId: z.string().optional(),
  application: applicationEntity.optional(),
};

export const userFlowPayload = z.strictObject({
  ...common,
  event: z.enum(['PostRegister', 'PostSignIn', 'PostResetPassword']),
  userIp: z.string().optional(),
  interactionEvent,
  sessionId: z.string().optional(),
  userId: z.string().optional(),
  user: userEntity.optional(),
  applicationId: z.string().optional(),
  application: applicationEntity.optional(),
});

export const userDataPayload = z.strictObject({
  ...common,
  event: z.enum(['User.Created', 'User.Data.Updated']),
  ip: z.string().optional(),
  ...experienceContext,
  data: userEntity,
});

export const membershipPayload = z.strictObject({
  ...common,
  event: z.literal('Organization.Membership.Updated'),
  ip: z.string().optional(),
  ...experienceContext,
  ...membershipMembers,
});

export const lockoutPayload = z.strictObject({
  ...common,
  event: z.literal('Identifier.Lockout'),
  ip: z.string().optional(),
  ...experienceContext,
  type: z.enum(['email', 'phone', 'username']),
  value: z.string(),
});

export const rateLimitedPayload = z.strictObject({
  ...common,
  event: z.literal('Message.RateLimited'),
  ip: z.string().optional(),
  ...experienceContext,
  action: z.string(),
  recipient: z.string(),
});

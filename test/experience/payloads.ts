import { z } from 'zod';

/**
 * The specification's webhook payload tables for the events of user flows, as strict schemas:
 * common fields, the IP under its family's name, the Experience API context, the event's own.
 */
const userEntity = z.strictObject({
  id: z.string(),
  username: z.string().optional(),
  primaryEmail: z.string().optional(),
  primaryPhone: z.string().optional(),
  name: z.string().optional(),
  avatar: z.string().optional(),
  customData: z.record(z.string(), z.unknown()).optional(),
  identities: z.record(z.string(), z.unknown()).optional(),
  lastSignInAt: z.string().optional(),
  createdAt: z.string().optional(),
  applicationId: z.string().optional(),
  isSuspended: z.boolean().optional(),
});

const applicationEntity = z.strictObject({
  id: z.string(),
  type: z.enum(['Native', 'SPA', 'Traditional', 'MachineToMachine', 'Protected', 'SAML']),
  name: z.string(),
  description: z.string().optional(),
});

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

const ids = z.array(z.string()).min(1).max(5000);

export const membershipPayload = z.strictObject({
  ...common,
  event: z.literal('Organization.Membership.Updated'),
  ip: z.string().optional(),
  ...experienceContext,
  data: z.null(),
  organizationId: z.string(),
  addedUserIds: ids.optional(),
  removedUserIds: ids.optional(),
  addedApplicationIds: ids.optional(),
  removedApplicationIds: ids.optional(),
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

import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import type { DataMutationEvent } from '../../src/webhooks/event-names.js';
import type { ReceivedWebhook } from './webhook-receiver.js';

/**
 * The webhook payloads of the specification ("Webhook request": entity shapes, common fields,
 * management interface context, per-event members) as strict schemas: every required member with
 * its type, optional members typed when present, and nothing else.
 */

export const userEntity = z.strictObject({
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

export const applicationType = z.enum([
  'Native',
  'SPA',
  'Traditional',
  'MachineToMachine',
  'Protected',
  'SAML',
]);

export const applicationEntity = z.strictObject({
  id: z.string(),
  type: applicationType,
  name: z.string(),
  description: z.string().optional(),
});

export const role = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(['User', 'MachineToMachine']),
  isDefault: z.boolean(),
});

export const scope = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  resourceId: z.string(),
  createdAt: z.number(),
});

export const organization = z.strictObject({
  id: z.string(),
  name: z.string(),
  customData: z.record(z.string(), z.unknown()),
  createdAt: z.number(),
  description: z.string().optional(),
});

export const organizationScope = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
});

export const organizationRole = organizationScope.extend({ type: z.enum(['User', 'MachineToMachine']) });

const ids = z.array(z.string()).min(1).max(5000);

export const membershipMembers = {
  data: z.null(),
  organizationId: z.string(),
  addedUserIds: ids.optional(),
  removedUserIds: ids.optional(),
  addedApplicationIds: ids.optional(),
  removedApplicationIds: ids.optional(),
};

/**
 * The event-specific members of each data-mutation event. The payload of
 * User.SuspensionStatus.Updated is "not shown" by the specification; the user entity is expected,
 * as for the other User events.
 */
export const eventMembers: Record<DataMutationEvent, Record<string, z.ZodType>> = {
  'User.Created': { data: userEntity },
  'User.Data.Updated': { data: userEntity },
  'User.Deleted': { data: z.null() },
  'User.SuspensionStatus.Updated': { data: userEntity },
  'Role.Created': { data: role },
  'Role.Data.Updated': { data: role },
  'Role.Deleted': { data: z.null() },
  'Role.Scopes.Updated': { data: z.array(scope), roleId: z.string().optional() },
  'Scope.Created': { data: scope },
  'Scope.Data.Updated': { data: scope },
  'Scope.Deleted': { data: z.null() },
  'Organization.Created': { data: organization },
  'Organization.Data.Updated': { data: organization },
  'Organization.Deleted': { data: z.null() },
  'Organization.Membership.Updated': membershipMembers,
  'OrganizationRole.Created': { data: organizationRole },
  'OrganizationRole.Data.Updated': { data: organizationRole },
  'OrganizationRole.Deleted': { data: z.null() },
  'OrganizationRole.Scopes.Updated': { data: z.null(), organizationRoleId: z.string().optional() },
  'OrganizationScope.Created': { data: organizationScope },
  'OrganizationScope.Data.Updated': { data: organizationScope },
  'OrganizationScope.Deleted': { data: z.null() },
};

const commonFields = {
  hookId: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  userAgent: z.string().optional(),
};

const managementContext = {
  path: z.string().optional(),
  method: z.string().optional(),
  status: z.number().optional(),
  params: z.record(z.string(), z.string()).optional(),
  matchedRoute: z.string().optional(),
};

/** The whole body of a data-mutation event fired by a management interface call. */
export function managementEventBody(event: DataMutationEvent) {
  return z.strictObject({
    ...commonFields,
    event: z.literal(event),
    ip: z.string().optional(),
    ...managementContext,
    ...eventMembers[event],
  });
}

export interface ManagementDelivery {
  hook: { id: string; signingKey: string; standardWebhookSecret: string };
  event: DataMutationEvent;
  /** The `user-agent` header the service sends (its default, unless the hook overrides it). */
  senderUserAgent: string;
  /** What the triggering call looked like: its user agent, IP, method, path, matched route, status. */
  trigger: {
    userAgent: string;
    ip: string;
    method: string;
    path: string;
    matchedRoute: string;
    status: number;
  };
  /** Epoch ms bounds of the call: `createdAt` must fall inside (1 s of clock slack before). */
  window: [number, number];
  /** Strings that must never appear in a body: passwords, application secrets, signing keys. */
  secrets: string[];
}

/** The path parameters of `path` under the route pattern `matchedRoute`. */
export function paramsOf(matchedRoute: string, path: string): Record<string, string> {
  const values = path.split('/');
  return Object.fromEntries(
    matchedRoute
      .split('/')
      .flatMap((segment, i) => (segment.startsWith(':') ? [[segment.slice(1), values[i]!]] : [])),
  );
}

/**
 * One delivered data-mutation event against the specification: both signatures (the Standard
 * Webhooks one through the `standardwebhooks` package), headers, the strict body shape, common
 * fields, `ip`, the management interface context, and no secret anywhere in the body.
 */
export function assertManagementDelivery(request: ReceivedWebhook, expected: ManagementDelivery): void {
  const { hook, trigger } = expected;
  const payload = request.json;
  const signature = createHmac('sha256', hook.signingKey).update(request.body).digest('hex');
  assert.equal(request.headers['service-signature-sha-256'], signature);
  const verified = new Webhook(hook.standardWebhookSecret).verify(
    request.body,
    request.headers as Record<string, string>,
  );
  assert.deepEqual(verified, payload);
  assert.equal(request.headers['content-type'], 'application/json');
  assert.equal(request.headers['user-agent'], expected.senderUserAgent);

  const shape = managementEventBody(expected.event).safeParse(payload);
  assert.ok(shape.success, shape.error && `${expected.event}:\n${z.prettifyError(shape.error)}`);
  assert.equal(payload.hookId, hook.id);
  assert.equal(payload.event, expected.event);
  const createdAt = Date.parse(payload.createdAt);
  const [from, to] = expected.window;
  assert.ok(
    createdAt >= from - 1000 && createdAt <= to,
    `createdAt ${payload.createdAt} is the time of the call`,
  );
  assert.equal(payload.userAgent, trigger.userAgent);
  assert.equal(payload.ip, trigger.ip);
  const { path, method, status, params, matchedRoute } = payload;
  assert.deepEqual(
    { path, method, status, params, matchedRoute },
    {
      path: trigger.path,
      method: trigger.method,
      status: trigger.status,
      params: paramsOf(trigger.matchedRoute, trigger.path),
      matchedRoute: trigger.matchedRoute,
    },
  );

  for (const secret of expected.secrets) assert.ok(!request.body.includes(secret), 'a secret in the body');
  const keys = (value: unknown): string[] =>
    value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, inner]) => [key, ...keys(inner)])
      : [];
  const suspicious = keys(payload).filter((key) => /password|secret|hash|signing/i.test(key));
  assert.deepEqual(suspicious, [], 'no secret-bearing member');
}

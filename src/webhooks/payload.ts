import { userFlowEvents, type HookEvent } from './event-names.js';

const userFlow = new Set<string>(userFlowEvents);

/** Where the triggering call came from; becomes the context members of every payload. */
export interface TriggerContext {
  ip?: string;
  userAgent?: string;
  /** Management interface context: path and matchedRoute without the /api prefix. */
  management?: {
    path: string;
    method: string;
    status: number;
    params: Record<string, string>;
    matchedRoute: string;
  };
  /** Experience API context. */
  experience?: {
    interactionEvent?: 'SignIn' | 'Register' | 'ForgotPassword';
    sessionId?: string;
    applicationId?: string;
  };
}

/** One event to fire: its name and its event-specific top-level members (e.g. `{ data }`). */
export interface PendingEvent {
  event: HookEvent;
  payload: Record<string, unknown>;
}

/**
 * The body of one event, without `hookId`: the outbox prepends `{"hookId":"<id>",` per hook, so
 * every subscribed hook gets these exact bytes after its own id (see the payload tables of the
 * specification: common fields, IP, one API context, then the event's own members).
 */
export function payloadWithoutHookId(
  context: TriggerContext,
  pending: PendingEvent,
  createdAt: Date,
): string {
  const { event } = pending;
  return JSON.stringify({
    event,
    createdAt: createdAt.toISOString(),
    userAgent: context.userAgent,
    // Same meaning, two names: kept for compatibility with existing receivers.
    ...(userFlow.has(event) ? { userIp: context.ip } : { ip: context.ip }),
    ...managementMembers(context),
    ...experienceMembers(event, context),
    ...pending.payload,
  });
}

function managementMembers({ management }: TriggerContext) {
  if (!management) return {};
  const { path, method, status, params, matchedRoute } = management;
  return { path, method, status, params, matchedRoute };
}

function experienceMembers(event: HookEvent, { experience }: TriggerContext) {
  if (!experience) return {};
  const { interactionEvent, sessionId, applicationId } = experience;
  // Grant.LimitExceeded comes from the authorization endpoint, not from an interaction.
  if (event === 'Grant.LimitExceeded') return { applicationId };
  return { interactionEvent, sessionId, applicationId };
}

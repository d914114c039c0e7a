import type { Config } from '../config.js';
import { apiError } from '../http/error-registry.js';
import type { Db } from '../storage/database.js';
import { newId } from '../storage/ids.js';
import { exceptionEvents, userFlowEvents, type HookEvent } from './event-names.js';
import type { HookConfigInput } from './hooks.schemas.js';
import { checkHookConfig, getHook } from './hooks.service.js';
import type { Sender, SendOutcome } from './http-sender.js';
import { signedRequest } from './outgoing.js';

/**
 * Sends one sample payload per event to the given endpoint, signed with the hook's key. Only the
 * status code is reported back: the endpoint's body is never reflected to the caller, so the
 * route cannot be used to read internal services.
 */
export async function sendTestPayloads(
  db: Db,
  config: Config,
  sender: Sender,
  hookId: string,
  input: { events: HookEvent[]; config: HookConfigInput },
): Promise<void> {
  const hook = await getHook(db, hookId);
  const endpoint = await checkHookConfig(input.config, config);
  const target = { ...endpoint, signingKey: hook.signing_key };
  const outcomes = await Promise.all(
    [...new Set(input.events)].map((event) => {
      const body = JSON.stringify({ hookId, event, createdAt: new Date().toISOString(), ...sample(event) });
      return sender.send(signedRequest(target, `msg_test_${newId()}`, body, config.webhooks.userAgent));
    }),
  );
  for (const outcome of outcomes) throwIfFailed(outcome);
}

function throwIfFailed(outcome: SendOutcome): void {
  if (outcome.kind === 'error') {
    const reason = outcome.refused
      ? outcome.error
      : outcome.error.startsWith('no response within')
        ? 'The endpoint did not respond in time.'
        : 'The connection to the endpoint failed.';
    throw apiError('hook.send_test_payload_failed', { reason });
  }
  if (outcome.statusCode < 200 || outcome.statusCode >= 300) {
    throw apiError('hook.endpoint_responded_with_error', { statusCode: outcome.statusCode });
  }
}

const sampleUser = { id: 'sample-user-id', username: 'sample', primaryEmail: 'sample@example.com' };
const sampleApplication = { id: 'sample-application-id', type: 'SPA', name: 'Sample application' };

/** Plausible members per family, so a receiver can exercise its parsing. */
function sample(event: HookEvent): Record<string, unknown> {
  if ((userFlowEvents as readonly string[]).includes(event)) {
    const interactionEvent =
      { PostRegister: 'Register', PostSignIn: 'SignIn' }[event as string] ?? 'ForgotPassword';
    return {
      interactionEvent,
      sessionId: 'sample-session-id',
      userId: sampleUser.id,
      user: sampleUser,
      applicationId: sampleApplication.id,
      application: sampleApplication,
    };
  }
  if ((exceptionEvents as readonly string[]).includes(event)) return { ip: '203.0.113.7' };
  if (event === 'Organization.Membership.Updated')
    return { organizationId: 'sample-organization-id', data: null };
  return { path: '/sample', method: 'POST', status: 200, params: {}, matchedRoute: '/sample', data: null };
}

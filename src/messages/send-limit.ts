import type { Services } from '../services.js';
import { apiError } from '../http/error-registry.js';
import { fireEvents } from '../webhooks/outbox.js';
import type { TriggerContext } from '../webhooks/payload.js';
import { sendSlotWaitSeconds, takeSendSlot } from './send-limit.repository.js';

export const messageRateLimited = (retryAfterSeconds?: number) =>
  apiError('request.message_rate_limited', { retryAfterSeconds });

/** Where a limited send comes from, and how it is counted. */
interface SendKind {
  action: string;
  /** Counts these sends apart from the recipient's codes (an organization's invitations). */
  scope?: string;
  /** Overrides the configured minimum gap between two sends. */
  minIntervalSeconds?: number;
}

/**
 * The per-recipient limit of end-user send paths (Experience API, Account API) and of invitation
 * messages; other management-side sends never come here. Over the limit, `Message.RateLimited`
 * fires (committed at once, the refusal rolls nothing back) and the caller gets 429 with the
 * seconds to wait (`retryAfterSeconds`, also the `Retry-After` header).
 */
export async function guardSendLimit(
  services: Services,
  recipient: string,
  context: TriggerContext,
  kind: SendKind = { action: 'VerificationCodeSend' },
): Promise<void> {
  const { sendLimitPerHour, sendMinIntervalSeconds } = services.config.messages;
  const limits = {
    perHour: sendLimitPerHour,
    minIntervalSeconds: kind.minIntervalSeconds ?? sendMinIntervalSeconds,
  };
  const counter = kind.scope ? `${kind.scope}:${recipient}` : recipient;
  if (await takeSendSlot(services.db, counter, limits)) return;
  const payload = { action: kind.action, recipient };
  await fireEvents(services, context, [{ event: 'Message.RateLimited', payload }]);
  throw messageRateLimited(await sendSlotWaitSeconds(services.db, counter, limits));
}

/**
 * Invitation messages of one organization to one address: the hourly count of codes, counted apart
 * from that address's codes, and no minimum gap (an administrator may resend at once).
 */
export function guardInvitationSendLimit(
  services: Services,
  invitee: string,
  organizationId: string,
  context: TriggerContext,
): Promise<void> {
  return guardSendLimit(services, invitee.toLowerCase(), context, {
    action: 'OrganizationInvitationSend',
    scope: `invitation:${organizationId}`,
    minIntervalSeconds: 0,
  });
}

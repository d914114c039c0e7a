import type { Services } from '../services.js';
import { apiError } from '../http/error-registry.js';
import { fireEvents } from '../webhooks/outbox.js';
import type { TriggerContext } from '../webhooks/payload.js';
import { sendSlotWaitSeconds, takeSendSlot } from './send-limit.repository.js';

export const messageRateLimited = (retryAfterSeconds?: number) =>
  apiError('request.message_rate_limited', { retryAfterSeconds });

/**
 * The per-recipient limit of end-user send paths (Experience API, Account API); management-side
 * sends never come here. Over the limit, `Message.RateLimited` fires (committed at once, the
 * refusal rolls nothing back) and the caller gets 429 with the seconds to wait (`retryAfterSeconds`).
 */
export async function guardSendLimit(
  services: Services,
  recipient: string,
  context: TriggerContext,
  action = 'VerificationCodeSend',
): Promise<void> {
  const { sendLimitPerHour, sendMinIntervalSeconds } = services.config.messages;
  const limits = { perHour: sendLimitPerHour, minIntervalSeconds: sendMinIntervalSeconds };
  if (await takeSendSlot(services.db, recipient, limits)) return;
  await fireEvents(services, context, [{ event: 'Message.RateLimited', payload: { action, recipient } }]);
  throw messageRateLimited(await sendSlotWaitSeconds(services.db, recipient, limits));
}

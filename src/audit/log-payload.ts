/**
 * A webhook attempt's audit row stores the request body as the text that was sent
 * (`hookRequest.bodyText`), so recording an attempt does not parse it into jsonb. Read back, it is
 * the body object again (`hookRequest.body`), as Logto's `TriggerHook` logs have it, in the order
 * the receiver got its members. Rows written before keep their parsed `body` and pass unchanged.
 */
export function readLogPayload(payload: Record<string, unknown>): Record<string, unknown> {
  const hookRequest = payload.hookRequest;
  if (!isRecord(hookRequest) || typeof hookRequest.bodyText !== 'string') return payload;
  const { bodyText, ...rest } = hookRequest;
  return { ...payload, hookRequest: { ...rest, body: JSON.parse(bodyText) as unknown } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

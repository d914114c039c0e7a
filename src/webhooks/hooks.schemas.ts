import { z } from 'zod';
import { pageQuery } from '../http/pagination.js';
import { hookEvents } from './event-names.js';

export const hookEvent = z.enum(hookEvents);

// RFC 9110 token characters for names; values may not break the header line.
const headerName = z
  .string()
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/, 'an HTTP header name')
  .transform((name) => name.toLowerCase());
const headerValue = z
  .string()
  .max(4096)
  .regex(/^[^\r\n\0]*$/, 'a header value without line breaks');

export const hookConfig = z.object({
  url: z.string().min(1).max(2048),
  headers: z.record(headerName, headerValue).optional(),
  /** Logto's legacy form; accepted and echoed, the retry schedule is the service's (docs/compatibility.md). */
  retries: z.int().min(0).max(3).optional(),
});

export type HookConfigInput = z.infer<typeof hookConfig>;

export const createHookBody = z.object({
  name: z.string().min(1).max(256),
  events: z
    .array(hookEvent)
    .max(hookEvents.length * 2)
    .optional(),
  /** Logto's deprecated single-event form, still accepted. */
  event: hookEvent.optional(),
  config: hookConfig,
  enabled: z.boolean().optional(),
});

export const updateHookBody = z.object({
  name: z.string().min(1).max(256).optional(),
  events: z
    .array(hookEvent)
    .max(hookEvents.length * 2)
    .optional(),
  event: hookEvent.optional(),
  config: hookConfig.optional(),
  enabled: z.boolean().optional(),
});

export const executionStats = z.object({ requestCount: z.number(), successCount: z.number() });

export const hookResponse = z.object({
  id: z.string(),
  name: z.string(),
  events: z.array(z.string()),
  /** Logto's deprecated single event: echoed on creation when that form was used, else null. */
  event: z.string().nullable(),
  config: z.object({
    url: z.string(),
    headers: z.record(z.string(), z.string()).optional(),
    retries: z.number().optional(),
  }),
  signingKey: z.string(),
  /** The same key as a Standard Webhooks secret (`whsec_` + base64 of its UTF-8 bytes). */
  standardWebhookSecret: z.string(),
  enabled: z.boolean(),
  createdAt: z.number(),
  executionStats: executionStats.optional(),
});

export type HookResponse = z.infer<typeof hookResponse>;

export const listHooksQuery = pageQuery.extend({
  includeExecutionStats: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

export const testHookBody = z.object({
  events: z.array(hookEvent).min(1).max(hookEvents.length),
  config: hookConfig,
});

export const hookLogResponse = z.object({
  id: z.string(),
  key: z.string(),
  payload: z.record(z.string(), z.unknown()),
  createdAt: z.number(),
});

export const recentLogsQuery = pageQuery.extend({ logKey: z.string().max(128).optional() });

export const deliveryStatus = z.enum(['pending', 'delivered', 'retrying', 'failed', 'disabled']);

export const deliveryResponse = z.object({
  id: z.string(),
  hookId: z.string(),
  event: z.string(),
  status: deliveryStatus,
  /** When the next attempt is due; null once the delivery is final. */
  nextAttemptAt: z.number().nullable(),
  createdAt: z.number(),
  attempts: z.array(
    z.object({
      attempt: z.number(),
      statusCode: z.number().nullable(),
      durationMs: z.number(),
      error: z.string().nullable(),
      nextAttemptAt: z.number().nullable(),
      createdAt: z.number(),
    }),
  ),
});

export const listDeliveriesQuery = pageQuery.extend({ status: deliveryStatus.optional() });

export const deliveryParams = z.object({
  id: z.string().min(1).max(128),
  deliveryId: z.string().min(1).max(128),
});

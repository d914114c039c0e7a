import type { Config } from '../config.js';
import { apiError } from '../http/error-registry.js';
import type { Db } from '../storage/database.js';
import { newId } from '../storage/ids.js';
import { bareHost, RefusedAddressError, resolveAllowed } from './address-policy.js';
import type { HookEvent } from './event-names.js';
import * as hooks from './hooks.repository.js';
import type { HookConfigInput, HookResponse } from './hooks.schemas.js';
import { reservedHeaderNames, standardWebhookSecret } from './signature.js';

// Framing and connection headers belong to the HTTP client; a configured value would corrupt the request.
const transportHeaderNames = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-connection',
]);
const resolveTimeoutMs = 3000;

export interface HookInput {
  name?: string;
  events?: HookEvent[];
  event?: HookEvent;
  config?: HookConfigInput;
  enabled?: boolean;
}

// Logto's code for an unknown hook depends on how the route reaches it: a read answers
// `entity.not_exists_with_id`, an update `entity.not_exists`, a deletion `entity.not_found`.
const hookNotFound = (id: string) => apiError('entity.not_exists_with_id', { entity: 'hook', id });
const hookNotUpdated = (id: string) => apiError('entity.not_exists', { id });

export async function createHook(
  db: Db,
  config: Config,
  input: HookInput & { name: string; config: HookConfigInput },
) {
  const events = eventsOf(input);
  if (!events?.length) throw missingEvents();
  const endpoint = await checkHookConfig(input.config, config);
  return hooks.insertHook(db, {
    id: newId(),
    name: input.name,
    events,
    ...endpoint,
    signingKey: newSigningKey(),
    enabled: input.enabled ?? true,
  });
}

export async function updateHook(db: Db, config: Config, id: string, input: HookInput) {
  const events = eventsOf(input);
  if (events && events.length === 0) throw missingEvents();
  const endpoint = input.config ? await checkHookConfig(input.config, config) : {};
  const updated = await hooks.updateHook(db, id, {
    name: input.name,
    events,
    enabled: input.enabled,
    ...endpoint,
  });
  if (!updated) throw hookNotUpdated(id);
  return updated;
}

export async function regenerateSigningKey(db: Db, id: string) {
  const updated = await hooks.updateHook(db, id, { signingKey: newSigningKey() });
  if (!updated) throw hookNotUpdated(id);
  return updated;
}

export async function getHook(db: Db, id: string) {
  const hook = await hooks.findHook(db, id);
  if (!hook) throw hookNotFound(id);
  return hook;
}

export async function deleteHook(db: Db, id: string): Promise<void> {
  if (!(await hooks.deleteHook(db, id))) throw apiError('entity.not_found#hook', { id });
}

export function toHookResponse(row: hooks.HookRow, stats?: HookResponse['executionStats']): HookResponse {
  const headers = Object.keys(row.headers).length > 0 ? row.headers : undefined;
  return {
    id: row.id,
    name: row.name,
    events: row.events,
    // Logto's deprecated single event: null unless echoed on creation (it is not kept).
    event: null,
    config: { url: row.url, ...(headers ? { headers } : {}) },
    signingKey: row.signing_key,
    standardWebhookSecret: standardWebhookSecret(row.signing_key),
    enabled: row.enabled,
    createdAt: row.created_at.getTime(),
    ...(stats ? { executionStats: stats } : {}),
  };
}

/** An http(s) URL whose host does not resolve into a refused range, and headers we may send. */
export async function checkHookConfig(input: HookConfigInput, config: Config) {
  const headers = input.headers ?? {};
  for (const name of Object.keys(headers)) {
    if (reservedHeaderNames.has(name) || transportHeaderNames.has(name)) {
      throw apiError('hook.header_not_allowed', { name });
    }
  }
  await checkEndpointUrl(input.url, config.webhooks.allowPrivateNetworks);
  return { url: input.url, headers };
}

async function checkEndpointUrl(url: string, allowPrivate: boolean): Promise<void> {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || !parsed.hostname) {
    throw apiError('hook.invalid_endpoint_url');
  }
  if (allowPrivate) return;
  const host = bareHost(parsed.hostname);
  try {
    await Promise.race([
      resolveAllowed(host, false),
      new Promise((resolve) => setTimeout(resolve, resolveTimeoutMs).unref()),
    ]);
  } catch (error) {
    if (error instanceof RefusedAddressError) {
      throw apiError('hook.endpoint_address_not_allowed', {
        message: error.message,
        host,
        address: error.address,
      });
    }
    // A name that does not resolve yet is accepted: each attempt checks again and records the failure.
  }
}

function eventsOf(input: HookInput): HookEvent[] | undefined {
  const events = input.events ?? (input.event ? [input.event] : undefined);
  return events && [...new Set(events)];
}

const missingEvents = () => apiError('hook.missing_events');

// Alphanumeric like Logto's keys, so receivers that validate the key's shape keep working.
const newSigningKey = () => newId(32);

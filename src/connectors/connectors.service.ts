import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { notFound } from '../http/errors.js';
import { apiError } from '../http/error-registry.js';
import { newId } from '../storage/ids.js';
import type { Database } from '../storage/schema.js';
import type { Db } from '../storage/database.js';
import * as repository from './connectors.repository.js';
import type { createConnectorBody, updateConnectorBody } from './connectors.schemas.js';
import { findFactory, type ConnectorFactory } from './factories.js';
import { keepStoredSecrets } from './secrets.js';

type Trx = Transaction<Database>;

export const factoryNotFound = (id: string) => apiError('connector.not_found', { id });

export function requireFactory(id: string): ConnectorFactory {
  const factory = findFactory(id);
  if (!factory) throw factoryNotFound(id);
  return factory;
}

/** The config checked against its factory's schema; the first problem is named, never echoed. */
export function parseConfig(factory: ConnectorFactory, config: unknown): Record<string, unknown> {
  const parsed = factory.config.safeParse(config ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw apiError('connector.invalid_config', { path: issue.path.join('.'), issue: issue.message });
}

const targetTaken = (target: string) => apiError('connector.multiple_target_with_same_platform', { target });

async function assertTargetFree(db: Db, target: string, exceptId?: string) {
  const holder = await repository.findSocialConnectorByTarget(db, target);
  if (holder && holder.id !== exceptId) throw targetTaken(target);
}

/** E-mail and SMS connectors replace the one of their type; social ones need a free target. */
export async function createConnector(trx: Trx, input: z.infer<typeof createConnectorBody>) {
  const factory = requireFactory(input.connectorId);
  const config = parseConfig(factory, input.config);
  const target = factory.type === 'Social' ? (input.metadata?.target ?? factory.id) : null;
  if (input.id && (await repository.findConnector(trx, input.id))) {
    throw apiError('connector.id_in_use', { id: input.id });
  }
  if (target) await assertTargetFree(trx, target);
  else await repository.deleteConnectorsOfType(trx, factory.type);
  const row = await repository.insertConnector(trx, {
    id: input.id ?? newId(),
    connector_id: factory.id,
    type: factory.type,
    target,
    config,
    metadata: input.metadata ?? {},
    sync_profile: input.syncProfile ?? false,
  });
  return row;
}

export async function getConnector(db: Db, id: string) {
  const row = await repository.findConnector(db, id);
  if (!row) throw notFound('connector', id);
  return row;
}

export async function updateConnector(trx: Trx, id: string, input: z.infer<typeof updateConnectorBody>) {
  const current = await repository.lockConnector(trx, id);
  if (!current) throw notFound('connector', id);
  const factory = requireFactory(current.connector_id);
  const config = input.config
    ? parseConfig(factory, keepStoredSecrets(input.config, current.config, factory))
    : undefined;
  const target = factory.type === 'Social' ? input.metadata?.target : undefined;
  if (target) await assertTargetFree(trx, target, id);
  const row = await repository.updateConnector(trx, id, {
    config,
    metadata: input.metadata ? { ...current.metadata, ...input.metadata } : undefined,
    target,
    sync_profile: input.syncProfile,
  });
  return row!;
}

export async function deleteConnector(trx: Trx, id: string) {
  if (!(await repository.deleteConnector(trx, id))) throw notFound('connector', id);
}

export const notTestable = (factoryId: string, type: string) =>
  apiError('connector.unexpected_type', { factoryId, type });

/**
 * A config to test: secrets left out or sent back masked come from the saved connector of the
 * same factory, so a console can test what it shows without ever reading a secret.
 */
export async function configToTest(db: Db, factory: ConnectorFactory, config: Record<string, unknown>) {
  const saved =
    factory.type === 'Social' ? undefined : await repository.findConnectorOfType(db, factory.type);
  const stored = saved?.connector_id === factory.id ? saved.config : {};
  return parseConfig(factory, keepStoredSecrets(config, stored, factory));
}

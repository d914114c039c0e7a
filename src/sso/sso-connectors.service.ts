import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { oidcConfig } from '../connectors/config-schemas.js';
import { keepStoredSecrets } from '../connectors/secrets.js';
import { notFound } from '../http/errors.js';
import { apiError } from '../http/error-registry.js';
import { newId } from '../storage/ids.js';
import type { Database } from '../storage/schema.js';
import * as repository from './sso-connectors.repository.js';
import {
  ssoSecretPolicy,
  type createSsoConnectorBody,
  type updateSsoConnectorBody,
} from './sso-connectors.schemas.js';

type Trx = Transaction<Database>;

/** An OIDC config is checked when given; an empty one leaves the connector unusable until set. */
function checkConfig(config: Record<string, unknown> | undefined) {
  if (!config || Object.keys(config).length === 0) return config ?? {};
  const parsed = oidcConfig.safeParse(config);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw apiError('connector.invalid_config#sso', { path: issue.path.join('.'), issue: issue.message });
}

async function assertNameFree(trx: Trx, name: string, exceptId?: string) {
  const holder = await repository.findSsoConnectorByName(trx, name);
  if (holder && holder.id !== exceptId) {
    throw apiError('single_sign_on.duplicate_connector_name');
  }
}

export async function createSsoConnector(trx: Trx, input: z.infer<typeof createSsoConnectorBody>) {
  await assertNameFree(trx, input.connectorName);
  return repository.insertSsoConnector(trx, newId(), {
    provider_name: input.providerName,
    connector_name: input.connectorName,
    config: checkConfig(input.config),
    domains: [...new Set(input.domains ?? [])],
    branding: input.branding ?? {},
    sync_profile: input.syncProfile ?? false,
  });
}

export async function updateSsoConnector(
  trx: Trx,
  id: string,
  input: z.infer<typeof updateSsoConnectorBody>,
) {
  const current = await repository.findSsoConnector(trx, id);
  if (!current) throw notFound('SSO connector', id);
  if (input.connectorName) await assertNameFree(trx, input.connectorName, id);
  const updated = await repository.updateSsoConnector(trx, id, {
    connector_name: input.connectorName,
    config: input.config
      ? checkConfig(keepStoredSecrets(input.config, current.config, ssoSecretPolicy))
      : undefined,
    domains: input.domains ? [...new Set(input.domains)] : undefined,
    branding: input.branding,
    sync_profile: input.syncProfile,
  });
  return updated!;
}

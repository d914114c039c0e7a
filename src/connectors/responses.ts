import type { ConnectorRow } from './connectors.repository.js';
import type { ConnectorResponse } from './connectors.schemas.js';
import type { ConnectorFactory } from './factories.js';
import { findFactory } from './factories.js';
import { formItemsOf } from './form-items.js';
import { maskSecrets } from './secrets.js';

export function toFactoryResponse(factory: ConnectorFactory) {
  return {
    id: factory.id,
    type: factory.type,
    target: factory.type === 'Social' ? factory.id : '',
    name: { en: factory.name },
    description: { en: factory.description },
    logo: '',
    logoDark: null,
    readme: '',
    configTemplate: JSON.stringify(factory.configTemplate, null, 2),
    platform: factory.platform,
    isStandard: factory.isStandard,
    isDemo: factory.isDemo,
    formItems: formItemsOf(factory.id, factory.secrets),
  };
}

export function toConnectorResponse(row: ConnectorRow): ConnectorResponse {
  const factory = findFactory(row.connector_id);
  const base = factory
    ? toFactoryResponse(factory)
    : { ...toFactoryResponse(unknownFactory), type: row.type, id: row.connector_id };
  const metadata = row.metadata as { name?: Record<string, string>; logo?: string; logoDark?: string | null };
  return {
    ...base,
    id: row.id,
    connectorId: row.connector_id,
    target: row.target ?? base.target,
    name: metadata.name ?? base.name,
    logo: metadata.logo ?? base.logo,
    logoDark: metadata.logoDark ?? base.logoDark,
    syncProfile: row.sync_profile,
    enableTokenStorage: false,
    config: factory ? maskSecrets(row.config, factory.secrets) : {},
    metadata: row.metadata,
  };
}

// A row whose factory a later version removed still lists, with nothing but its id.
const unknownFactory: ConnectorFactory = {
  id: '',
  type: 'Email',
  name: '',
  description: '',
  platform: null,
  isStandard: false,
  isDemo: false,
  config: undefined as never,
  secrets: [],
  destinations: [],
  configTemplate: {},
};

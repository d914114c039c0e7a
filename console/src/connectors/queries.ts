import { unwrap, type ApiClient } from '@shared/api/client';
import { keys } from '../ui/api';

export const loadFactories = (api: ApiClient) => unwrap(api.GET('/api/connector-factories'));
export const loadConnectors = (api: ApiClient) => unwrap(api.GET('/api/connectors'));

export type Factory = Awaited<ReturnType<typeof loadFactories>>[number];
export type Connector = Awaited<ReturnType<typeof loadConnectors>>[number];
export type FormItem = Factory['formItems'][number];
export type ConnectorType = Factory['type'];

export const factoriesKey = [...keys.connectors, 'factories'] as const;
export const connectorsKey = [...keys.connectors, 'list'] as const;

export const typeLabels: Record<ConnectorType, string> = {
  Email: 'E-mail',
  Sms: 'SMS',
  Social: 'Social',
};

export const nameOf = (named: { name: Record<string, string> }) =>
  named.name.en ?? Object.values(named.name)[0] ?? '';

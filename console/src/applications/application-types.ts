import type { paths } from '@shared/api/schema';

export type Application =
  paths['/api/applications/{id}']['get']['responses'][200]['content']['application/json'];

export const applicationTypes = [
  'Traditional',
  'SPA',
  'Native',
  'MachineToMachine',
  'Protected',
  'SAML',
] as const;
export type ApplicationType = (typeof applicationTypes)[number];

const labels: Record<ApplicationType, string> = {
  Traditional: 'Traditional web',
  SPA: 'Single-page app',
  Native: 'Native app',
  MachineToMachine: 'Machine-to-machine',
  Protected: 'Protected app',
  SAML: 'SAML',
};

export const typeLabel = (type: ApplicationType) => labels[type];

/** Confidential clients: they authenticate with secrets (the public ones, SPA and Native, do not). */
export const hasSecrets = (type: ApplicationType) => type !== 'SPA' && type !== 'Native';

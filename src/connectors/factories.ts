import type { z } from 'zod';
import type { ConnectorType } from '../storage/tables/connectors.js';
import type { SecretPolicy } from './secrets.js';
import {
  httpMessageConfig,
  oauth2Config,
  oidcConfig,
  recordingConfig,
  smtpConfig,
} from './config-schemas.js';

export interface ConnectorFactory extends SecretPolicy {
  id: string;
  type: ConnectorType;
  name: string;
  description: string;
  /** `Universal` for social connectors (Logto's platform), none for message connectors. */
  platform: 'Universal' | null;
  isStandard: boolean;
  isDemo: boolean;
  config: z.ZodType<Record<string, unknown>>;
  configTemplate: Record<string, unknown>;
}

const factory = (f: ConnectorFactory) => f;
const kind = { Email: ['email', 'e-mail'], Sms: ['sms', 'text message'] } as const;

function httpFactory(type: 'Email' | 'Sms'): ConnectorFactory {
  const [id, noun] = kind[type];
  return {
    id: `http-${id}`,
    type,
    name: `HTTP ${type === 'Email' ? 'e-mail' : 'SMS'}`,
    description: `Posts each ${noun} as JSON to an endpoint of yours, which sends it.`,
    platform: null,
    isStandard: false,
    isDemo: false,
    config: httpMessageConfig,
    secrets: ['authorization'],
    destinations: ['endpoint'],
    configTemplate: { endpoint: `https://example.com/send-${id}`, authorization: 'Bearer …' },
  };
}

function recordingFactory(type: 'Email' | 'Sms'): ConnectorFactory {
  const [id, noun] = kind[type];
  return {
    id: `tessera-recording-${id}`,
    type,
    name: `Recording ${type === 'Email' ? 'e-mail' : 'SMS'} (development)`,
    description: `Delivers nothing; keeps each ${noun}, code included, for GET /api/messages.`,
    platform: null,
    isStandard: false,
    isDemo: true,
    config: recordingConfig,
    secrets: [],
    destinations: [],
    configTemplate: {},
  };
}

/** Every factory a connector can be made from; ids are Logto's where Logto has the same connector. */
export const factories: readonly ConnectorFactory[] = [
  factory({
    id: 'simple-mail-transfer-protocol',
    type: 'Email',
    name: 'SMTP',
    description: 'E-mail through an SMTP server.',
    platform: null,
    isStandard: false,
    isDemo: false,
    config: smtpConfig,
    secrets: ['auth.pass'],
    destinations: ['host', 'port'],
    configTemplate: {
      host: 'smtp.example.com',
      port: 587,
      auth: { user: 'user', pass: 'password' },
      fromEmail: 'no-reply@example.com',
      templates: [{ usageType: 'Generic', subject: 'Your code', content: 'Your code is {{code}}.' }],
    },
  }),
  httpFactory('Email'),
  httpFactory('Sms'),
  recordingFactory('Email'),
  recordingFactory('Sms'),
  factory({
    id: 'oidc',
    type: 'Social',
    name: 'OpenID Connect',
    description: 'Sign-in through any OpenID Connect provider (discovery, code flow with PKCE).',
    platform: 'Universal',
    isStandard: true,
    isDemo: false,
    config: oidcConfig,
    secrets: ['clientSecret'],
    // Discovery at the issuer names the token endpoint the secret goes to.
    destinations: ['issuer'],
    configTemplate: {
      issuer: 'https://idp.example.com',
      clientId: 'client',
      clientSecret: 'secret',
      scope: 'openid profile email',
    },
  }),
  factory({
    id: 'oauth2',
    type: 'Social',
    name: 'OAuth 2.0',
    description: 'Sign-in through an OAuth 2.0 provider with a user-info endpoint and a profile mapping.',
    platform: 'Universal',
    isStandard: true,
    isDemo: false,
    config: oauth2Config,
    secrets: ['clientSecret'],
    destinations: ['authorizationEndpoint', 'tokenEndpoint', 'userInfoEndpoint'],
    configTemplate: {
      authorizationEndpoint: 'https://idp.example.com/authorize',
      tokenEndpoint: 'https://idp.example.com/token',
      userInfoEndpoint: 'https://idp.example.com/userinfo',
      clientId: 'client',
      clientSecret: 'secret',
      profileMap: { id: 'id', email: 'email', name: 'name', avatar: 'avatar' },
    },
  }),
];

export function findFactory(id: string): ConnectorFactory | undefined {
  return factories.find((candidate) => candidate.id === id);
}

import { z } from 'zod';

/** Logto's usage types: a connector picks the template of the message's usage, else `Generic`. */
export const usageType = z.enum([
  'SignIn',
  'Register',
  'ForgotPassword',
  'Generic',
  'OrganizationInvitation',
  'BindNewIdentifier',
]);
export type UsageType = z.infer<typeof usageType>;

const template = z.object({
  usageType,
  subject: z.string().max(500).optional(),
  content: z.string().min(1).max(20_000),
  contentType: z.enum(['text/plain', 'text/html']).optional(),
  /** The language the template is written in (`de`, `pt-BR`); none: any language. */
  locale: z.string().min(1).max(16).optional(),
});
export type MessageTemplate = z.infer<typeof template>;
const templates = z.array(template).max(60).optional();

const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);

export const smtpConfig = z.object({
  host: z.string().min(1).max(253),
  port: z.number().int().min(1).max(65535),
  secure: z.boolean().optional(),
  auth: z.object({ user: z.string().min(1).max(320), pass: z.string().max(1000) }).optional(),
  fromEmail: z.string().min(3).max(320),
  replyTo: z.string().max(320).optional(),
  templates,
});
export type SmtpConfig = z.infer<typeof smtpConfig>;

/** HTTP e-mail and SMS: a JSON POST to the operator's endpoint, which does the sending. */
export const httpMessageConfig = z.object({
  endpoint: httpUrl,
  authorization: z.string().max(2000).optional(),
  templates,
});
export type HttpMessageConfig = z.infer<typeof httpMessageConfig>;

export const recordingConfig = z.object({ templates }).strict();

const scope = z.string().max(1000).optional();

export const oidcConfig = z.object({
  issuer: httpUrl,
  clientId: z.string().min(1).max(500),
  clientSecret: z.string().max(2000).optional(),
  scope,
  /** Extra authorization request parameters (`prompt`, `hd`, …); never the protocol ones. */
  authRequestOptionalConfig: z.record(z.string(), z.string()).optional(),
});
export type OidcConfig = z.infer<typeof oidcConfig>;

const profileMap = z.object({
  id: z.string().min(1).max(200).default('id'),
  email: z.string().max(200).default('email'),
  emailVerified: z.string().max(200).optional(),
  name: z.string().max(200).default('name'),
  avatar: z.string().max(200).default('avatar'),
});

export const oauth2Config = z.object({
  authorizationEndpoint: httpUrl,
  tokenEndpoint: httpUrl,
  userInfoEndpoint: httpUrl,
  clientId: z.string().min(1).max(500),
  clientSecret: z.string().max(2000).optional(),
  tokenEndpointAuthMethod: z
    .enum(['client_secret_basic', 'client_secret_post'])
    .default('client_secret_post'),
  scope,
  profileMap: profileMap.default({ id: 'id', email: 'email', name: 'name', avatar: 'avatar' }),
});
export type OAuth2Config = z.infer<typeof oauth2Config>;

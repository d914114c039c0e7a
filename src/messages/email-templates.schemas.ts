import { z } from 'zod';
import type * as repository from './email-templates.repository.js';

/** Logto's e-mail template types. */
export const templateType = z.enum([
  'SignIn',
  'Register',
  'ForgotPassword',
  'OrganizationInvitation',
  'Generic',
  'UserPermissionValidation',
  'BindNewIdentifier',
  'MfaVerification',
  'BindMfa',
]);
export const languageTag = z.string().min(1).max(16).describe('The language tag, e.g. `en` or `de`');
export const details = z.object({
  subject: z.string().min(1).max(500).describe('The subject; `{{code}}` and other values are filled in'),
  content: z
    .string()
    .min(1)
    .max(50_000)
    .describe('The body; `{{code}}`, `{{link}}` and the like are filled in'),
  contentType: z.enum(['text/plain', 'text/html']).optional(),
  replyTo: z.string().max(320).optional().describe('The Reply-To of the message'),
  sendFrom: z.string().max(320).optional().describe('The sender name; the address stays the connector’s'),
});
export const emailTemplate = z.object({
  tenantId: z.literal('default'),
  id: z.string(),
  languageTag: z.string(),
  templateType,
  details,
  createdAt: z.number(),
});
export const filter = z.object({
  languageTag: languageTag.optional(),
  templateType: templateType.optional(),
});

export function toEmailTemplate(row: NonNullable<Awaited<ReturnType<typeof repository.findEmailTemplate>>>) {
  return {
    tenantId: 'default' as const,
    id: row.id,
    languageTag: row.language_tag,
    templateType: templateType.parse(row.template_type),
    details: row.details,
    createdAt: row.created_at.getTime(),
  };
}

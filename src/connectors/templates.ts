import type { MessagePurpose, OutgoingMessage } from './message-connector.js';
import type { MessageTemplate, UsageType } from './config-schemas.js';

const usageOf: Record<MessagePurpose, UsageType> = {
  SignIn: 'SignIn',
  Register: 'Register',
  ForgotPassword: 'ForgotPassword',
  LinkIdentifier: 'BindNewIdentifier',
  Generic: 'Generic',
  OrganizationInvitation: 'OrganizationInvitation',
};

export function usageTypeOf(purpose: MessagePurpose): UsageType {
  return usageOf[purpose];
}

/**
 * The connector's template for the message's usage (else its `Generic` one) with `{{code}}` and
 * the message's other variables filled in; without templates the built-in text stays.
 */
export function applyTemplate(
  message: OutgoingMessage,
  templates: readonly MessageTemplate[] | undefined,
): OutgoingMessage & { contentType: 'text/plain' | 'text/html' } {
  const usage = usageTypeOf(message.purpose);
  const template =
    templates?.find((t) => t.usageType === usage) ?? templates?.find((t) => t.usageType === 'Generic');
  if (!template) return { ...message, contentType: 'text/plain' };
  const values: Record<string, string> = { ...message.variables, code: message.code };
  const fill = (text: string) =>
    text.replace(/\{\{(\w+)\}\}/g, (match, name: string) => values[name] ?? match);
  return {
    ...message,
    subject: template.subject ? fill(template.subject) : message.subject,
    content: fill(template.content),
    contentType: template.contentType ?? 'text/plain',
  };
}

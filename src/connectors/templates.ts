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

type Rendered = OutgoingMessage & { contentType: 'text/plain' | 'text/html' };

/** `{{code}}` and the message's other variables filled into a template's subject and content. */
export function renderTemplate(
  message: OutgoingMessage,
  template: {
    subject?: string | undefined;
    content: string;
    contentType?: 'text/plain' | 'text/html' | undefined;
  },
): Rendered {
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

/**
 * The connector's template for the message's usage (else its `Generic` one) with `{{code}}` and
 * the message's other variables filled in; without templates the built-in text stays. A message
 * already rendered from an e-mail template of the user's language keeps it.
 */
export function applyTemplate(
  message: OutgoingMessage,
  templates: readonly MessageTemplate[] | undefined,
): Rendered {
  if (message.emailTemplate) return { ...message, contentType: message.emailTemplate.contentType };
  const template = pickTemplate(templates ?? [], usageTypeOf(message.purpose), message.languages ?? []);
  return template ? renderTemplate(message, template) : { ...message, contentType: 'text/plain' };
}

/**
 * The template of the usage (else `Generic`) in the first of the recipient's languages that has
 * one, else the one written for no language in particular, else any of that usage.
 */
function pickTemplate(
  templates: readonly MessageTemplate[],
  usage: UsageType,
  languages: readonly string[],
): MessageTemplate | undefined {
  for (const type of [usage, 'Generic']) {
    const ofType = templates.filter((t) => t.usageType === type);
    if (ofType.length === 0) continue;
    for (const language of languages) {
      const written = ofType.find((t) => t.locale === language);
      if (written) return written;
    }
    return ofType.find((t) => !t.locale) ?? ofType[0];
  }
  return undefined;
}

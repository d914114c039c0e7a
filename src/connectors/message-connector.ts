/** The channel a message travels on; the recipient is an e-mail address or a phone number. */
export type Channel = 'email' | 'phone';

/** Why a code is sent; connectors may pick a template by it. */
export type MessagePurpose =
  'SignIn' | 'Register' | 'ForgotPassword' | 'LinkIdentifier' | 'Generic' | 'OrganizationInvitation';

export interface OutgoingMessage {
  channel: Channel;
  recipient: string;
  purpose: MessagePurpose;
  subject: string;
  content: string;
  /** The one-time code the content carries (may be empty); only a recording connector may keep it. */
  code: string;
  /** Further `{{name}}` values for a connector's template, such as an invitation's `link`. */
  variables?: Record<string, string>;
  /**
   * Set when subject and content were rendered from an e-mail template of the user's language
   * (`/api/email-templates`): connectors keep them instead of their own templates.
   */
  emailTemplate?: { contentType: 'text/plain' | 'text/html'; replyTo?: string; sendFrom?: string };
  /** The recipient's languages, best first: a connector template with a `locale` is picked by them. */
  languages?: readonly string[];
}

/** The values a template is filled with, in the shape of Logto's message `payload`. */
export function templatePayload(message: OutgoingMessage): Record<string, string> {
  return { ...message.variables, ...(message.code ? { code: message.code } : {}) };
}

/**
 * A way to deliver messages. The connector of a channel is resolved at send time (see messages/connectors.ts);
 * `send` rejects when the message could not be handed over.
 */
export interface MessageConnector {
  readonly name: string;
  send(message: OutgoingMessage): Promise<void>;
}

import type { Channel, MessagePurpose, OutgoingMessage } from '../connectors/message-connector.js';
import { CODE_LIFETIME_SECONDS } from './limits.js';

const subjects: Record<MessagePurpose, string> = {
  SignIn: 'Your sign-in code',
  Register: 'Your registration code',
  ForgotPassword: 'Your password reset code',
  LinkIdentifier: 'Your verification code',
  Generic: 'Your verification code',
  OrganizationInvitation: 'You are invited to an organization',
};

/** The verification-code message; the text says how long the code lives and never who asked. */
export function verificationCodeMessage(
  channel: Channel,
  recipient: string,
  purpose: MessagePurpose,
  code: string,
): OutgoingMessage {
  const minutes = Math.round(CODE_LIFETIME_SECONDS / 60);
  return {
    channel,
    recipient,
    purpose,
    subject: subjects[purpose],
    content: `Your verification code is ${code}. It expires in ${minutes} minutes. If you did not ask for it, ignore this message.`,
    code,
  };
}

/**
 * The organization invitation e-mail: Logto's message payload (`link`, `code` and other string
 * members) becomes the template variables; the built-in text carries the link when there is one.
 */
export function invitationMessage(recipient: string, payload: Record<string, unknown>): OutgoingMessage {
  const variables = Object.fromEntries(
    Object.entries(payload).flatMap(([key, value]) =>
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? [[key, String(value)]]
        : [],
    ),
  );
  const link = variables.link ? ` Accept it here: ${variables.link}` : '';
  return {
    channel: 'email',
    recipient,
    purpose: 'OrganizationInvitation',
    subject: subjects.OrganizationInvitation,
    content: `You are invited to join an organization.${link}`,
    code: variables.code ?? '',
    variables,
  };
}

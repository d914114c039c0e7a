import type { Channel, MessagePurpose, OutgoingMessage } from './connector.js';
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

import { useState } from 'react';
import { codeIdentifierOf, sendCode } from '../experience';

/**
 * The code a page sent: the verification it belongs to and when it went out (the resend button
 * counts down from then). `send` asks for a code to the address, the first time or again.
 */
export function useSentCode() {
  const [sent, setSent] = useState<{ verificationId: string; at: number }>();
  const send = async (address: string) => {
    setSent({ verificationId: await sendCode(codeIdentifierOf(address)), at: Date.now() });
  };
  return { verificationId: sent?.verificationId, sentAt: sent?.at ?? 0, send };
}

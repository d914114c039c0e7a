import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

// RFC 6238 defaults every authenticator app understands: SHA-1, 6 digits, 30-second steps.
const totpOf = (secret: string, label = 'account', issuer = 'Tessera') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/** A new 160-bit secret, base32 (the form authenticator apps take). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI and its QR code as a PNG data URL, for an authenticator app to scan. */
export async function totpEnrolment(secret: string, label: string, issuer: string) {
  const uri = totpOf(secret, label, issuer).toString();
  return { uri, secretQrCode: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1 }) };
}

/**
 * The time step of a code that matches now or one step either side (clock drift), or null.
 * The caller accepts each step at most once.
 */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from './database.js';
import { systemSecret } from './system-secrets.js';

/** The `system_secrets` row holding the generated key when no key is configured. */
export const GENERATED_KEY_NAME = 'application-secrets-key';
const VERSION = 'v1';

interface Key {
  id: string;
  bytes: Buffer;
}

/** A short, public name of a key, stored beside what it sealed so the right key opens it. */
function keyId(bytes: Buffer): string {
  return createHash('sha256').update('tessera-secret-box:').update(bytes).digest('hex').slice(0, 12);
}

const toKey = (bytes: Buffer): Key => ({ id: keyId(bytes), bytes });

/**
 * Encrypts values that must be shown again (application secrets) with AES-256-GCM under the
 * installation's key. `context` is authenticated with the value (the owning application), so a
 * sealed value copied to another row does not open.
 */
export class SecretBox {
  private constructor(private readonly keys: readonly Key[]) {}

  /**
   * The configured keys (the first seals) and the generated key in `system_secrets`: created when
   * nothing is configured, otherwise only read, so values sealed before a key was configured open.
   */
  static async load(db: Db, configured: readonly Buffer[]): Promise<SecretBox> {
    const keys = configured.map(toKey);
    const generated = configured.length
      ? (
          await db
            .selectFrom('system_secrets')
            .select('value')
            .where('name', '=', GENERATED_KEY_NAME)
            .executeTakeFirst()
        )?.value
      : await systemSecret(db, GENERATED_KEY_NAME);
    if (generated !== undefined) keys.push(toKey(Buffer.from(generated, 'base64url')));
    return new SecretBox(keys);
  }

  seal(value: string, context: string): string {
    const key = this.keys[0]!;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key.bytes, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return [VERSION, key.id, iv.toString('base64url'), sealed.toString('base64url')].join('.');
  }

  /** The value, or undefined when no known key opens it or it was altered. */
  open(sealed: string, context: string): string | undefined {
    const [version, id, iv, body] = sealed.split('.');
    const key = this.keys.find((candidate) => candidate.id === id);
    if (version !== VERSION || !key || iv === undefined || body === undefined) return undefined;
    const bytes = Buffer.from(body, 'base64url');
    if (bytes.length < 16) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'), {
        authTagLength: 16,
      });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([
        decipher.update(bytes.subarray(0, bytes.length - 16)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}

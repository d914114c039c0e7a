import { parseArgs } from 'node:util';
import { ConfigError, type Config } from '../config.js';
import { openStorage } from '../storage/database.js';
import { migrateToLatest } from '../storage/migrate.js';
import { keyAlgorithmName, pendingPeriodMs, rotateSigningKeys, type SigningKey } from './signing-keys.js';

/** `tessera rotate-keys [--type ec|rsa]`: what POST /api/configs/oidc/private-keys/rotate does. */
export async function rotateKeysCommand(config: Config, args: string[]): Promise<void> {
  let type: string;
  try {
    ({ type = 'ec' } = parseArgs({ args, options: { type: { type: 'string' } } }).values);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
  if (type !== 'ec' && type !== 'rsa') throw new ConfigError(`--type must be ec or rsa, not ${type}`);
  const storage = await openStorage({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 1,
  });
  try {
    await migrateToLatest(storage.db);
    const pendingMs = pendingPeriodMs(config.signingKeys.refreshMs);
    const published = await rotateSigningKeys(storage.db, type === 'rsa' ? 'RSA' : 'EC', pendingMs);
    published.forEach((key, index) => {
      const line = `signing key ${key.kid} (${keyAlgorithmName(key.alg)}): ${role(key, published[index - 1])}`;
      console.warn(`tessera: ${line}`);
    });
    console.warn(
      `tessera: running instances publish the new key within ${config.signingKeys.refreshMs / 1000} s ` +
        `and all sign with it from ${published[0]!.activatesAt.toISOString()}`,
    );
  } finally {
    await storage.close();
  }
}

function role(key: SigningKey, successor: SigningKey | undefined): string {
  const from = key.activatesAt.toISOString();
  if (key.pendingMs > 0) return `published now, signs new tokens from ${from}`;
  const until = `published until ${key.retiresAt?.toISOString()}`;
  if (!successor) return 'signs new tokens';
  if (successor.pendingMs > 0)
    return `signs new tokens until ${successor.activatesAt.toISOString()}, ${until}`;
  return until;
}

import { parseArgs } from 'node:util';
import { ConfigError, type Config } from '../config.js';
import { openStorage } from '../storage/database.js';
import { migrateToLatest } from '../storage/migrate.js';
import { KEY_REFRESH_INTERVAL_MS } from './key-ring.js';
import { keyAlgorithmName, rotateSigningKeys } from './signing-keys.js';

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
    const published = await rotateSigningKeys(storage.db, type === 'rsa' ? 'RSA' : 'EC');
    for (const key of published) {
      const role = key.retiresAt ? `published until ${key.retiresAt.toISOString()}` : 'signs new tokens';
      console.warn(`tessera: signing key ${key.kid} (${keyAlgorithmName(key.alg)}): ${role}`);
    }
    console.warn(
      `tessera: running instances switch to the new key within ${KEY_REFRESH_INTERVAL_MS / 1000} s`,
    );
  } finally {
    await storage.close();
  }
}

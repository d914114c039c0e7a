import { openStorage, type Storage } from '../../src/storage/database.js';
import { migrateToLatest } from '../../src/storage/migrate.js';
import { createTestDatabase } from './databases.js';

export interface TestStorage {
  storage: Storage;
  /** Closes the storage and drops its database. */
  close(): Promise<void>;
}

/** A fresh database of the backend under test, migrated, opened without a service around it. */
export async function openTestStorage(): Promise<TestStorage> {
  const database = await createTestDatabase();
  const storage = await openStorage({
    databaseUrl: database.env.DATABASE_URL,
    dataDir: database.env.DATA_DIR ?? '',
    poolSize: 2,
  });
  await migrateToLatest(storage.db);
  return {
    storage,
    close: async () => {
      await storage.close();
      await database.drop();
    },
  };
}

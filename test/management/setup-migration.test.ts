import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Migrator, sql, type Kysely } from 'kysely';
import { setupClosed } from '../../src/console/console.repository.js';
import { openStorage } from '../../src/storage/database.js';
import { migrations } from '../../src/storage/migrations/index.js';
import type { Database } from '../../src/storage/schema.js';
import { createTestDatabase } from '../support/databases.js';

describe('migration 0019: an installation administered before it has setup closed', async () => {
  const database = await createTestDatabase();
  const storage = await openStorage({
    databaseUrl: database.env.DATABASE_URL,
    dataDir: database.env.DATA_DIR ?? '',
    poolSize: 1,
  });
  after(async () => {
    await storage.close();
    await database.drop();
  });

  /** A schema of its own at 0018 holding `rows`, then migrated to the latest; is setup closed? */
  async function closedAfterUpgrade(schema: string, rows: string): Promise<boolean> {
    const db = storage.db as Kysely<Database>;
    // The test databases come migrated: each case builds the schema anew, on the one connection.
    await sql.raw(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`).execute(db);
    const provider = { getMigrations: async () => migrations };
    const migrator = new Migrator({ db, provider, migrationTableSchema: schema });
    assert.equal((await migrator.migrateTo('0018_attempts_in_delivery_row')).error, undefined);
    await sql.raw(rows).execute(db);
    assert.equal((await migrator.migrateToLatest()).error, undefined);
    return setupClosed(db);
  }

  const seeds = `
    INSERT INTO resources (id, name, indicator) VALUES ('management-api', 'M', 'http://old.test/api');
    INSERT INTO applications (id, name, type, secret) VALUES ('tessera-console', 'Console', 'SPA', '');`;

  it('closes it when end users exist (the administrators may have been deleted)', async () => {
    const users = `INSERT INTO users (id, username) VALUES ('u_1', 'customer');`;
    assert.equal(await closedAfterUpgrade('with_users', seeds + users), true);
  });

  it('closes it when a bootstrap or other application exists', async () => {
    const app = `INSERT INTO applications (id, name, type, secret) VALUES ('ops', 'Bootstrap client', 'MachineToMachine', 's');`;
    assert.equal(await closedAfterUpgrade('with_application', seeds + app), true);
  });

  it('leaves it open on an installation holding only the seeds', async () => {
    assert.equal(await closedAfterUpgrade('only_seeds', seeds), false);
  });
});

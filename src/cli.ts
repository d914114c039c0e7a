import { usage } from './cli/usage.js';
import { ConfigError, loadConfig } from './config.js';
import { ApiError } from './http/errors.js';
import { StorageRefused } from './storage/refusal.js';

async function main(command: string | undefined): Promise<void> {
  switch (command) {
    case 'start': {
      const config = loadConfig();
      // Imported after validation, so a bad setting is reported before any library speaks.
      const { startCommand } = await import('./cli/start.js');
      await startCommand(config);
      return;
    }
    case 'migrate': {
      const config = loadConfig();
      const { prepareStorage } = await import('./service.js');
      const storage = await prepareStorage(config, { adoptBaseUrl: true });
      await storage.close();
      console.warn('tessera: database is up to date');
      return;
    }
    case 'rotate-keys': {
      const config = loadConfig();
      const { rotateKeysCommand } = await import('./oidc/rotate-keys.command.js');
      await rotateKeysCommand(config, process.argv.slice(3));
      return;
    }
    case 'prune': {
      const config = loadConfig();
      const { prepareStorage } = await import('./service.js');
      const { pruneNow } = await import('./retention/retention.service.js');
      const storage = await prepareStorage(config);
      try {
        const report = await pruneNow(storage.db, config.retention);
        for (const [kind, count] of Object.entries(report)) process.stdout.write(`${kind}\t${count}\n`);
      } finally {
        await storage.close();
      }
      return;
    }
    case 'backup':
    case 'restore': {
      const config = loadConfig();
      const { backupCommand, restoreCommand } = await import('./storage/backup.command.js');
      await (command === 'backup' ? backupCommand : restoreCommand)(config, process.argv.slice(3));
      return;
    }
    case 'move-to-postgres': {
      const config = loadConfig();
      const { moveToPostgresCommand } = await import('./storage/move-to-postgres.command.js');
      await moveToPostgresCommand(config, process.argv.slice(3));
      return;
    }
    case 'create-admin': {
      const config = loadConfig();
      const { createAdministrator, readCreateAdminInput } = await import('./console/create-admin.command.js');
      const input = await readCreateAdminInput(process.argv.slice(3));
      const { prepareStorage } = await import('./service.js');
      const storage = await prepareStorage(config);
      try {
        const id = await createAdministrator(storage.db, input);
        process.stdout.write(`${id}\n`);
        console.warn(
          `tessera: administrator ${input.username} created; sign in at ${config.baseUrl}/console`,
        );
      } finally {
        await storage.close();
      }
      return;
    }
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(usage());
      return;
    default:
      process.stderr.write(usage());
      process.exitCode = 2;
  }
}

main(process.argv[2]).catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof ApiError || error instanceof StorageRefused) {
    console.error(`tessera: ${error.message}`);
  } else {
    console.error('tessera: failed to start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});

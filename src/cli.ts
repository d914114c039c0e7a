import { ConfigError, loadConfig } from './config.js';

const usage = 'usage: tessera <start|migrate|rotate-keys [--type ec|rsa]>';

async function main(command: string | undefined): Promise<void> {
  switch (command) {
    case 'start': {
      const config = loadConfig();
      // Imported after validation, so a bad setting is reported before any library speaks.
      const { startService } = await import('./service.js');
      const service = await startService(config);
      const shutdown = () => {
        service.stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', shutdown);
      process.once('SIGTERM', shutdown);
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
    default:
      console.error(usage);
      process.exitCode = 2;
  }
}

main(process.argv[2]).catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`tessera: ${error.message}`);
  } else {
    console.error('tessera: failed to start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});

import { settingsHelp } from './settings-help.js';

const commands = `Commands:
  start     migrate the database, then serve (stops gracefully on SIGTERM or SIGINT)
  migrate   apply database migrations and exit
  prune     remove what the retention rules say has expired now, and print the counts
  rotate-keys [--type ec|rsa]
            add a new signing key; the replaced one stays published for one token lifetime
  help      this text (also --help, -h)`;

export function usage(): string {
  return `Usage: tessera <command>

${commands}

Settings (environment variables):
${settingsHelp()}
`;
}

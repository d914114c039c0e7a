import { settingsHelp } from './settings-help.js';

const commands = `Commands:
  start     migrate the database, then serve (stops gracefully on SIGTERM or SIGINT)
  migrate   apply database migrations and exit
  prune     remove what the retention rules say has expired now, and print the counts
  rotate-keys [--type ec|rsa]
            add a new signing key, published at once and signing after two key refreshes;
            the replaced one stays published for one token lifetime after that
  create-admin --username NAME
            add a console administrator (password from TESSERA_ADMIN_PASSWORD or the first
            line of stdin); the way back in when no administrator can sign in
  backup FILE
            write the embedded database (DATA_DIR) to FILE; the service must be stopped
  restore [--force] FILE
            unpack a backup into an empty DATA_DIR (--force replaces what it holds)
  move-to-postgres DATABASE_URL
            copy the embedded database into a new, empty PostgreSQL database, and print the
            rows copied per table
  help      this text (also --help, -h)`;

export function usage(): string {
  return `Usage: tessera <command>

${commands}

Settings (environment variables):
${settingsHelp()}
`;
}

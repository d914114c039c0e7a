import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ConfigError } from '../config.js';
import { assertPasswordAccepted } from '../experience/password-policy.js';
import { loadSignInExperience } from '../sign-in-experience/sign-in-experience.js';
import { systemClock } from '../storage/clock.js';
import type { Db } from '../storage/database.js';
import { hashPassword } from '../users/passwords.js';
import { createUser } from '../users/users.service.js';
import { Deliveries } from '../webhooks/deliveries.js';
import type { PendingEvent } from '../webhooks/payload.js';
import { closeSetup, grantAdministrator } from './console.repository.js';

/** The environment variable the password may come in; never an argument, which `ps` shows. */
export const PASSWORD_VARIABLE = 'TESSERA_ADMIN_PASSWORD';

export interface NewAdministrator {
  username: string;
  password: string;
}

/** `--username NAME`, the password from TESSERA_ADMIN_PASSWORD or else the first line of stdin. */
export async function readCreateAdminInput(args: string[]): Promise<NewAdministrator> {
  let username: string | undefined;
  try {
    ({ username } = parseArgs({ args, options: { username: { type: 'string' } } }).values);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
  if (!username) throw new ConfigError('create-admin needs --username NAME');
  const password = process.env[PASSWORD_VARIABLE] ?? (await firstLineOfStdin());
  if (!password) throw new ConfigError(`create-admin needs a password in ${PASSWORD_VARIABLE} or on stdin`);
  return { username, password };
}

async function firstLineOfStdin(): Promise<string | undefined> {
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return undefined;
}

/**
 * The host's way back into a console nobody can administer: a new user holding the console role,
 * under the sign-in experience's password policy. It also closes first-run setup, in the same
 * transaction, and fires `User.Created` as the management API would.
 */
export async function createAdministrator(db: Db, input: NewAdministrator): Promise<string> {
  const { passwordPolicy } = await loadSignInExperience(db);
  assertPasswordAccepted(passwordPolicy, input.password, { username: input.username });
  const passwordHash = await hashPassword(input.password);
  // A command has no delivery worker: its rows go unleased, and the running instances claim them.
  const outbox = new Deliveries(systemClock).outbox();
  const user = await db.transaction().execute(async (trx) => {
    const pending: PendingEvent[] = [];
    const events = {
      emit: (event: PendingEvent['event'], payload: Record<string, unknown>) =>
        pending.push({ event, payload }),
    };
    const created = await createUser(trx, events, { username: input.username, passwordHash });
    await grantAdministrator(trx, created.id);
    await closeSetup(trx, 'create_admin');
    await outbox.write(trx, {}, pending);
    return created;
  });
  outbox.committed();
  return user.id;
}

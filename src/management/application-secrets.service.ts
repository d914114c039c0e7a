import type { Transaction } from 'kysely';
import { writeLog } from '../audit/write-log.js';
import { apiError } from '../http/error-registry.js';
import { newSecret, secretDigest } from '../storage/ids.js';
import type { Database } from '../storage/schema.js';
import type { SecretBox } from '../storage/secret-box.js';
import * as repository from './application-secrets.repository.js';
import { lockApplication } from './applications.repository.js';
import { getApplication, toApplicationResponse } from './applications.service.js';
import { uniquely } from './conflicts.js';

type Trx = Transaction<Database>;

/** The name Logto gives the secret it creates with every confidential application. */
export const DEFAULT_SECRET_NAME = 'Default secret';

/** The types Logto creates a default secret for (`hasSecrets` in its schemas): confidential clients. */
const confidentialTypes = new Set(['Traditional', 'MachineToMachine', 'Protected', 'SAML']);

export const hasSecrets = (type: string): boolean => confidentialTypes.has(type);

/** The audit log key of a management call that showed stored application secret values. */
export const REVEAL_LOG_KEY = 'ApplicationSecret.Reveal';

/** How secrets are kept and who is reading them (for the audit entry of a reveal). */
export interface SecretAccess {
  box: SecretBox;
  /** `TESSERA_APPLICATION_SECRETS_SHOWN_ONCE`: values are neither kept nor shown after creation. */
  shownOnce: boolean;
  reader: { applicationId: string | null; userId: string | null; ip: string; userAgent?: string };
}

export interface SecretResponse {
  applicationId: string;
  name: string;
  createdAt: number;
  expiresAt: number | null;
  /** Null when it cannot be shown: stored as a digest only (before 0022, or shown once). */
  value: string | null;
}

/** The sealed value is bound to its application: a copy in another application's row does not open. */
const sealContext = (applicationId: string) => `application-secret:${applicationId}`;

function toSecretResponse(row: repository.SecretRow, value: string | null): SecretResponse {
  return {
    applicationId: row.application_id,
    name: row.name,
    createdAt: row.created_at.getTime(),
    expiresAt: row.expires_at?.getTime() ?? null,
    value,
  };
}

/**
 * The rows with their values where this installation shows them; a reveal of any value writes an
 * audit entry naming the application, the secrets and the reader, never a value.
 */
async function reveal(trx: Trx, access: SecretAccess, rows: repository.SecretRow[]) {
  const opened = rows.map((row) =>
    toSecretResponse(
      row,
      access.shownOnce || row.sealed_value === null
        ? null
        : (access.box.open(row.sealed_value, sealContext(row.application_id)) ?? null),
    ),
  );
  const shown = opened.filter((secret) => secret.value !== null);
  if (shown.length > 0) {
    const { reader } = access;
    await writeLog(trx, {
      key: REVEAL_LOG_KEY,
      userId: reader.userId,
      applicationId: shown[0]!.applicationId,
      payload: {
        result: 'Success',
        applicationId: shown[0]!.applicationId,
        secretNames: shown.map((secret) => secret.name),
        reader: { applicationId: reader.applicationId, userId: reader.userId },
        ip: reader.ip,
        userAgent: reader.userAgent,
      },
    });
  }
  return opened;
}

const nameExists = (name: string) => apiError('application.secret_name_exists', { name });
const secretNotFound = (name: string) => apiError('entity.not_found#secret', { name });

export async function listSecrets(
  trx: Trx,
  access: SecretAccess,
  applicationId: string,
): Promise<SecretResponse[]> {
  await getApplication(trx, applicationId);
  return reveal(trx, access, await repository.listSecrets(trx, applicationId));
}

export async function createSecret(
  trx: Trx,
  access: Pick<SecretAccess, 'box' | 'shownOnce'>,
  applicationId: string,
  input: { name: string; expiresAt?: number | null },
) {
  await getApplication(trx, applicationId);
  if (input.expiresAt != null && input.expiresAt <= Date.now()) {
    throw apiError('request.invalid_input', { message: 'The value of `expiresAt` must be in the future.' });
  }
  if (await repository.secretNameTaken(trx, applicationId, input.name)) throw nameExists(input.name);
  return insertNewSecret(trx, access, applicationId, input.name, input.expiresAt ?? null);
}

/** A new random secret: its digest authenticates, its sealed value (unless shown once) is shown again. */
export async function insertNewSecret(
  trx: Trx,
  access: Pick<SecretAccess, 'box' | 'shownOnce'>,
  applicationId: string,
  name: string,
  expiresAt: number | null,
): Promise<SecretResponse> {
  const value = newSecret();
  const row = await uniquely(
    'application_secrets_pkey',
    () => nameExists(name),
    () =>
      repository.insertSecret(trx, {
        application_id: applicationId,
        name,
        digest: secretDigest(value),
        sealed_value: access.shownOnce ? null : access.box.seal(value, sealContext(applicationId)),
        expires_at: expiresAt === null ? null : new Date(expiresAt),
      }),
  );
  return toSecretResponse(row, value);
}

export async function renameSecret(
  trx: Trx,
  access: SecretAccess,
  applicationId: string,
  name: string,
  newName: string,
) {
  await getApplication(trx, applicationId);
  if (newName !== name && (await repository.secretNameTaken(trx, applicationId, newName))) {
    throw nameExists(newName);
  }
  const row = await uniquely(
    'application_secrets_pkey',
    () => nameExists(newName),
    () => repository.renameSecret(trx, applicationId, name, newName),
  );
  if (!row) throw secretNotFound(name);
  return (await reveal(trx, access, [row]))[0]!;
}

export async function deleteSecret(trx: Trx, applicationId: string, name: string): Promise<void> {
  await getApplication(trx, applicationId);
  if (!(await repository.deleteSecret(trx, applicationId, name))) throw secretNotFound(name);
}

/** After this only named secrets authenticate the application; 400 when it has no legacy secret. */
export async function deleteLegacySecret(trx: Trx, applicationId: string) {
  const app = await lockApplication(trx, applicationId);
  if (!app) await getApplication(trx, applicationId);
  if (!app?.secret) {
    throw apiError('application.no_legacy_secret_found');
  }
  await repository.removeLegacySecret(trx, applicationId);
  return toApplicationResponse({ ...app, secret: null });
}

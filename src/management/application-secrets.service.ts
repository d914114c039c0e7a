import type { Transaction } from 'kysely';
import { apiError } from '../http/error-registry.js';
import { newSecret, secretDigest } from '../storage/ids.js';
import type { Database } from '../storage/schema.js';
import * as repository from './application-secrets.repository.js';
import { lockApplication } from './applications.repository.js';
import { getApplication, toApplicationResponse } from './applications.service.js';
import { uniquely } from './conflicts.js';

type Trx = Transaction<Database>;

export interface SecretResponse {
  applicationId: string;
  name: string;
  createdAt: number;
  expiresAt: number | null;
  /** Only in the answer to creation: the secret itself is never stored. */
  value?: string;
}

function toSecretResponse(row: repository.SecretRow, value?: string): SecretResponse {
  return {
    applicationId: row.application_id,
    name: row.name,
    createdAt: row.created_at.getTime(),
    expiresAt: row.expires_at?.getTime() ?? null,
    ...(value === undefined ? {} : { value }),
  };
}

const nameExists = (name: string) => apiError('application.secret_name_exists', { name });
const secretNotFound = (name: string) => apiError('entity.not_found#secret', { name });

export async function listSecrets(trx: Trx, applicationId: string): Promise<SecretResponse[]> {
  await getApplication(trx, applicationId);
  return (await repository.listSecrets(trx, applicationId)).map((row) => toSecretResponse(row));
}

export async function createSecret(
  trx: Trx,
  applicationId: string,
  input: { name: string; expiresAt?: number | null },
) {
  await getApplication(trx, applicationId);
  if (input.expiresAt != null && input.expiresAt <= Date.now()) {
    throw apiError('request.invalid_input', { message: 'The value of `expiresAt` must be in the future.' });
  }
  if (await repository.secretNameTaken(trx, applicationId, input.name)) throw nameExists(input.name);
  const value = newSecret();
  const row = await uniquely(
    'application_secrets_pkey',
    () => nameExists(input.name),
    () =>
      repository.insertSecret(trx, {
        application_id: applicationId,
        name: input.name,
        digest: secretDigest(value),
        expires_at: input.expiresAt == null ? null : new Date(input.expiresAt),
      }),
  );
  return toSecretResponse(row, value);
}

export async function renameSecret(trx: Trx, applicationId: string, name: string, newName: string) {
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
  return toSecretResponse(row);
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

import type { Transaction } from 'kysely';
import { notFound } from '../http/errors.js';
import { apiError } from '../http/error-registry.js';
import type { Db } from '../storage/database.js';
import type { Database } from '../storage/schema.js';
import { newId, newSecret } from '../storage/ids.js';
import { json } from '../storage/json.js';
import type { CustomClientMetadata } from '../storage/tables/core.js';
import * as repository from './applications.repository.js';
import { ACCOUNT_CLIENT_ID, CONSOLE_CLIENT_ID } from './page-apps.repository.js';
import type {
  ApplicationResponse,
  CreateApplicationInput,
  UpdateApplicationInput,
} from './applications.schemas.js';

/** Only the members a caller set are echoed, as Logto does; an unset `allowTokenExchange` reads as false. */
const echoed = [
  'allowTokenExchange',
  'maxAllowedGrants',
  'corsAllowedOrigins',
  'idTokenTtl',
  'refreshTokenTtl',
  'refreshTokenTtlInDays',
  'alwaysIssueRefreshToken',
  'rotateRefreshToken',
] as const;

export function toApplicationResponse(app: repository.ApplicationRow): ApplicationResponse {
  const metadata = app.custom_client_metadata;
  const present = echoed.filter((key) => metadata[key] !== undefined && metadata[key] !== null);
  return {
    id: app.id,
    // Empty once the legacy secret is removed (named secrets are never shown again).
    secret: app.secret ?? '',
    name: app.name,
    description: app.description,
    type: app.type,
    isThirdParty: app.is_third_party,
    oidcClientMetadata: {
      redirectUris: app.oidc_client_metadata.redirectUris ?? [],
      postLogoutRedirectUris: app.oidc_client_metadata.postLogoutRedirectUris ?? [],
    },
    customClientMetadata: Object.fromEntries(present.map((key) => [key, metadata[key]])),
    // Tessera has no protected apps (the type is a label only): Logto's member, always null.
    protectedAppMetadata: null,
    customData: app.custom_data,
    createdAt: app.created_at.getTime(),
  };
}

/** A third-party application acts for users it does not own: it may never impersonate them. */
function assertTokenExchangeAllowed(isThirdParty: boolean, metadata: CustomClientMetadata): void {
  if (isThirdParty && metadata.allowTokenExchange) {
    throw apiError('application.third_party_token_exchange_not_allowed');
  }
}

// Logto's rule: only applications users sign in to may be third-party.
const thirdPartyTypes = new Set(['Traditional', 'SPA', 'Native']);

function assertThirdPartyType(type: string, isThirdParty: boolean): void {
  if (isThirdParty && !thirdPartyTypes.has(type)) {
    throw apiError('application.invalid_third_party_application_type');
  }
}

export async function createApplication(db: Db, input: CreateApplicationInput): Promise<ApplicationResponse> {
  const customClientMetadata: CustomClientMetadata = { ...input.customClientMetadata };
  assertThirdPartyType(input.type, input.isThirdParty);
  assertTokenExchangeAllowed(input.isThirdParty, customClientMetadata);
  const row = await repository.insertApplication(db, {
    id: newId(),
    name: input.name,
    description: input.description ?? null,
    type: input.type,
    secret: newSecret(),
    is_third_party: input.isThirdParty,
    oidc_client_metadata: json(input.oidcClientMetadata ?? { redirectUris: [], postLogoutRedirectUris: [] }),
    custom_client_metadata: json(customClientMetadata),
    custom_data: json(input.customData ?? {}),
  });
  return toApplicationResponse(row);
}

export async function getApplication(db: Db, id: string): Promise<repository.ApplicationRow> {
  const app = await repository.findApplication(db, id);
  if (!app) throw notFound('application', id);
  return app;
}

export async function updateApplication(
  trx: Transaction<Database>,
  id: string,
  input: UpdateApplicationInput,
): Promise<ApplicationResponse> {
  const current = await repository.lockApplication(trx, id);
  if (!current) throw notFound('application', id);
  const { maxAllowedGrants, ...flags } = input.customClientMetadata ?? {};
  const customClientMetadata: CustomClientMetadata = { ...current.custom_client_metadata, ...flags };
  if (maxAllowedGrants === null) delete customClientMetadata.maxAllowedGrants;
  else if (maxAllowedGrants !== undefined) customClientMetadata.maxAllowedGrants = maxAllowedGrants;
  const isThirdParty = input.isThirdParty ?? current.is_third_party;
  assertThirdPartyType(current.type, isThirdParty);
  assertTokenExchangeAllowed(isThirdParty, customClientMetadata);

  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.isThirdParty !== undefined ? { is_third_party: input.isThirdParty } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.oidcClientMetadata
      ? { oidc_client_metadata: json({ ...current.oidc_client_metadata, ...input.oidcClientMetadata }) }
      : {}),
    ...(input.customClientMetadata ? { custom_client_metadata: json(customClientMetadata) } : {}),
    ...(input.customData ? { custom_data: json(input.customData) } : {}),
  };
  if (Object.keys(changes).length === 0) return toApplicationResponse(current);
  const row = await repository.updateApplication(trx, id, changes);
  return toApplicationResponse(row ?? current);
}

/** Shallow merge into the stored custom data, as Logto's PATCH …/custom-data does; returns the result. */
export async function mergeApplicationCustomData(trx: Transaction<Database>, id: string, data: object) {
  const current = await repository.lockApplication(trx, id);
  if (!current) throw notFound('application', id);
  const row = await repository.updateApplication(trx, id, {
    custom_data: json({ ...current.custom_data, ...data }),
  });
  return row!.custom_data;
}

export async function deleteApplication(db: Db, id: string): Promise<void> {
  // Without its application the console (or the account center) cannot sign anyone in until the next start re-seeds it.
  if (id === CONSOLE_CLIENT_ID || id === ACCOUNT_CLIENT_ID) {
    throw apiError('application.internal_application_violation');
  }
  if (!(await repository.deleteApplication(db, id))) throw notFound('application', id);
}

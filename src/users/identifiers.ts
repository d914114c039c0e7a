import type { ApiError } from '../http/errors.js';
import { apiError } from '../http/error-registry.js';
import type { Db } from '../storage/database.js';
import { takenIdentifiers } from './users.repository.js';

export interface Identifiers {
  username?: string | null;
  email?: string | null;
  phone?: string | null;
}

const conflicts = {
  username: 'user.username_already_in_use',
  email: 'user.email_already_in_use',
  phone: 'user.phone_already_in_use',
} as const;

// The unique indexes of the users table, for the race that slips past the explicit check.
const indexes: Record<string, keyof typeof conflicts> = {
  users_username: 'username',
  users_primary_email: 'email',
  users_primary_phone: 'phone',
};

/** 422 under the identifier's own code: another user holds it. */
export const identifierTaken = (kind: keyof typeof conflicts): ApiError => apiError(conflicts[kind]);

/** 422 with the identifier's own code when another user already holds it. */
export async function assertIdentifiersAvailable(
  db: Db,
  identifiers: Identifiers,
  exceptUserId?: string,
): Promise<void> {
  if (!identifiers.username && !identifiers.email && !identifiers.phone) return;
  const taken = await takenIdentifiers(db, identifiers, exceptUserId);
  for (const kind of ['username', 'email', 'phone'] as const) {
    if (taken[kind]) throw identifierTaken(kind);
  }
}

/** Runs a write, turning a unique-index violation on an identifier into its specific 422. */
export async function withIdentifierConflicts<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    const kind = code === '23505' && constraint ? indexes[constraint] : undefined;
    throw kind ? identifierTaken(kind) : error;
  }
}

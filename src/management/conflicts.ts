import type { ApiError } from '../http/errors.js';
import { apiError } from '../http/error-registry.js';
import { CONSOLE_ROLE_ID, MANAGEMENT_RESOURCE_ID, MANAGEMENT_ROLE_ID, MANAGEMENT_SCOPE_ID } from './seed.js';

/**
 * Runs a write whose uniqueness was checked beforehand; a concurrent writer that slipped past the
 * check trips the unique index, which becomes the same specific error instead of a generic one.
 */
export async function uniquely<T>(constraint: string, conflict: () => ApiError, write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    const { code, constraint: violated } = error as { code?: string; constraint?: string };
    throw code === '23505' && violated === constraint ? conflict() : error;
  }
}

/** Ids a list referred to that do not exist: nothing of the request was applied. */
export function missingIds(entity: string, ids: string[]): ApiError {
  return apiError('entity.not_exists_with_id#ids', { entity, ids });
}

/**
 * The rows of the listed ids, repeats dropped, in the order of the list; or, when some id names
 * nothing, the 404 of missingIds naming every such id.
 */
export async function requireAll<T extends { id: string }>(
  entity: string,
  ids: readonly string[],
  find: (unique: string[]) => Promise<T[]>,
): Promise<T[]> {
  const unique = [...new Set(ids)];
  const byId = new Map((await find(unique)).map((row) => [row.id, row]));
  const missing = unique.filter((id) => !byId.has(id));
  if (missing.length > 0) throw missingIds(entity, missing);
  return unique.map((id) => byId.get(id)!);
}

// The seeded management API is what every management token depends on.
export const isManagementResource = (id: string) => id === MANAGEMENT_RESOURCE_ID;
export const isManagementScope = (id: string) => id === MANAGEMENT_SCOPE_ID;
export const isManagementRole = (id: string) => id === MANAGEMENT_ROLE_ID || id === CONSOLE_ROLE_ID;

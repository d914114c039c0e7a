import { ApiError } from '../http/errors.js';
import { MANAGEMENT_RESOURCE_ID, MANAGEMENT_ROLE_ID, MANAGEMENT_SCOPE_ID } from './seed.js';

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
  return new ApiError(404, 'entity.not_exists_with_id', `No ${entity} with id \`${ids.join('`, `')}\`.`, {
    ids,
  });
}

// The seeded management API is what every management token depends on.
export const isManagementResource = (id: string) => id === MANAGEMENT_RESOURCE_ID;
export const isManagementScope = (id: string) => id === MANAGEMENT_SCOPE_ID;
export const isManagementRole = (id: string) => id === MANAGEMENT_ROLE_ID;

export const managementApiProtected = (code: string, what: string) =>
  new ApiError(422, code, `${what} belongs to the management API and cannot be changed that way.`);

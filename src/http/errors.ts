import { apiError } from './error-registry.js';

export { ApiError } from './api-error.js';

// The two errors nearly every route throws, by name.
export const notFound = (entity: string, id: string) => apiError('entity.not_exists_with_id', { entity, id });

export const invalidInput = (message: string, data?: unknown) =>
  apiError('guard.invalid_input', { message, data });

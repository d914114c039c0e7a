/** An error a client can act on: its status, a stable dotted code and a human message are sent as-is. */
export class ApiError extends Error {
  readonly expose: boolean;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.expose = status < 500;
  }
}

export const notFound = (entity: string, id: string) =>
  new ApiError(404, 'entity.not_exists_with_id', `The ${entity} with id \`${id}\` does not exist.`, { id });

export const invalidInput = (message: string, data?: unknown) =>
  new ApiError(400, 'guard.invalid_input', message, data);

export const conflict = (code: string, message: string) => new ApiError(422, code, message);

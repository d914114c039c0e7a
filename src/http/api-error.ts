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

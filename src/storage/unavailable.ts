/**
 * The database could not be reached or did not answer in time: a transient condition of the
 * deployment, not of the request, answered 503 `database.unavailable` and retried by workers.
 */
export class DatabaseUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`The database is unavailable (${reason}).`);
    this.name = 'DatabaseUnavailableError';
  }
}

// Socket errors while connecting or talking to the server.
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// SQLSTATEs that say nothing about the statement: shutdown, failover, no slots, a timeout.
const serverCodes = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03']);

// node-postgres reports a lost or timed-out connection with plain errors that carry no code.
const clientMessages =
  /Connection terminated|not queryable|Query read timeout|timeout exceeded when trying to connect|Client was closed/i;

/** The error as a DatabaseUnavailableError when it is about the connection, else unchanged. */
export function asUnavailable(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError || !(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (networkCodes.has(code)) return new DatabaseUnavailableError(code);
    if (code.startsWith('08') || serverCodes.has(code)) {
      return new DatabaseUnavailableError(code === '57014' ? 'statement timeout' : `SQLSTATE ${code}`);
    }
    return error;
  }
  return clientMessages.test(error.message) ? new DatabaseUnavailableError(error.message) : error;
}

import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DatabaseUnavailableError } from '../storage/unavailable.js';
import { ApiError } from './api-error.js';
import { apiError, clientError, type FixedKey } from './error-registry.js';
import { UNSUPPORTED_MEMBER } from './request-members.js';

interface ErrorBody {
  code: string;
  message: string;
  data?: unknown;
}

const databaseErrors: Record<string, FixedKey> = {
  '23505': 'entity.unique_integrity_violation',
  '23503': 'entity.relation_foreign_key_not_found',
  '22P02': 'guard.invalid_input#wrong_format',
  '22001': 'guard.invalid_input#too_long',
  '22003': 'guard.invalid_input#out_of_range',
  // Validation refuses these first (see unstorable-text.ts); this is the backstop.
  '22021': 'guard.invalid_input#unstorable',
  '22P05': 'guard.invalid_input#unstorable',
  '22008': 'guard.invalid_input#date_out_of_range',
};

/** Maps every error to `{code, message}`; anything unexpected becomes a masked 500 and is logged. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    const [status, body] = describe(error);
    // The delivery worker logs an outage once; each refused request only at debug level.
    if (error instanceof DatabaseUnavailableError) {
      request.log.debug(error.message);
      reply.header('retry-after', '5');
    } else if (status >= 500) request.log.error({ err: error }, 'request failed');
    const wait = (body.data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    // A rate limit that knows when the next try may succeed says so in RFC 9110's header too.
    if (status === 429 && typeof wait === 'number') reply.header('retry-after', String(Math.max(1, wait)));
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const [status, body] = describe(
      apiError('guard.route_not_found', { method: request.method, path: request.url.split('?')[0]! }),
    );
    return reply.status(status).send(body);
  });
}

function describe(error: FastifyError | ApiError): [number, ErrorBody] {
  if (error instanceof ApiError) {
    return [
      error.status,
      { code: error.code, message: error.message, ...(error.data ? { data: error.data } : {}) },
    ];
  }
  if (hasZodFastifySchemaValidationErrors(error)) return describe(validationError(error));
  if (error instanceof DatabaseUnavailableError) return describe(apiError('database.unavailable'));
  const mapped = typeof error.code === 'string' ? databaseErrors[error.code] : undefined;
  if (mapped) return describe(apiError(mapped));

  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return describe(clientError(status, error.message));
  return describe(apiError('unknown'));
}

type ValidationError = Parameters<typeof hasZodFastifySchemaValidationErrors>[0] & {
  validation: { instancePath: string; keyword: string; message: string; params: Record<string, unknown> }[];
  validationContext?: string;
};

// An unsupported member (see request-members.ts) has its own code; the rest are guard failures.
function validationError(error: ValidationError): ApiError {
  const issues = error.validation;
  const unsupported = issues.find(
    (issue) => (issue.params.params as { code?: string } | undefined)?.code === UNSUPPORTED_MEMBER,
  );
  const first = unsupported ?? issues[0];
  const path = first?.instancePath.replace(/^\/$/, '') ?? '';
  const where = `${error.validationContext ?? 'input'}${path.replaceAll('/', '.')}`;
  const unknown = first?.keyword === 'unrecognized_keys' ? (first.params.keys as string[]) : undefined;
  const message = unknown
    ? `Invalid ${where}: unknown member${unknown.length > 1 ? 's' : ''} ${unknown.map((key) => `\`${key}\``).join(', ')}.`
    : `Invalid ${where}: ${first?.message ?? 'does not match the schema'}.`;
  const data = issues.map((issue) => ({ path: issue.instancePath, message: issue.message }));
  return apiError(unsupported ? 'guard.unsupported_member' : 'guard.invalid_input', { message, data });
}

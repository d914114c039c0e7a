import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DatabaseUnavailableError } from '../storage/unavailable.js';
import { ApiError } from './errors.js';
import { UNSUPPORTED_MEMBER } from './request-members.js';

interface ErrorBody {
  code: string;
  message: string;
  data?: unknown;
}

const databaseErrors: Record<string, [number, string, string]> = {
  '23505': [
    422,
    'entity.unique_integrity_violation',
    'The entity already exists or conflicts with another one.',
  ],
  '23503': [422, 'entity.relation_foreign_key_not_found', 'A referenced entity does not exist.'],
  '22P02': [400, 'guard.invalid_input', 'A value has the wrong format.'],
  '22001': [400, 'guard.invalid_input', 'A value is too long.'],
  '22003': [400, 'guard.invalid_input', 'A number is out of range.'],
  // Validation refuses these first (see unstorable-text.ts); this is the backstop.
  '22021': [400, 'guard.invalid_input', 'A value contains characters that cannot be stored.'],
  '22P05': [400, 'guard.invalid_input', 'A value contains characters that cannot be stored.'],
  '22008': [400, 'guard.invalid_input', 'A date is out of range.'],
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
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      code: 'guard.route_not_found',
      message: `No route ${request.method} ${request.url.split('?')[0]}.`,
    }),
  );
}

function describe(error: FastifyError): [number, ErrorBody] {
  if (error instanceof ApiError) {
    return [
      error.status,
      { code: error.code, message: error.message, ...(error.data ? { data: error.data } : {}) },
    ];
  }
  if (hasZodFastifySchemaValidationErrors(error)) return describeValidation(error);
  if (error instanceof DatabaseUnavailableError) {
    return [
      503,
      { code: 'database.unavailable', message: 'The database is unavailable; try again shortly.' },
    ];
  }
  const mapped = typeof error.code === 'string' ? databaseErrors[error.code] : undefined;
  if (mapped) return [mapped[0], { code: mapped[1], message: mapped[2] }];

  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return [status, { code: clientErrorCode(status), message: error.message }];
  }
  return [500, { code: 'unknown', message: 'Internal server error.' }];
}

type ValidationError = Parameters<typeof hasZodFastifySchemaValidationErrors>[0] & {
  validation: { instancePath: string; keyword: string; message: string; params: Record<string, unknown> }[];
  validationContext?: string;
};

// An unsupported member (see request-members.ts) has its own code; the rest are guard failures.
function describeValidation(error: ValidationError): [number, ErrorBody] {
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
  return [
    400,
    {
      code: unsupported ? UNSUPPORTED_MEMBER : 'guard.invalid_input',
      message,
      data: issues.map((issue) => ({ path: issue.instancePath, message: issue.message })),
    },
  ];
}

function clientErrorCode(status: number): string {
  switch (status) {
    case 400:
      return 'guard.invalid_input';
    case 413:
      return 'request.payload_too_large';
    case 415:
      return 'request.unsupported_media_type';
    default:
      return 'request.invalid';
  }
}

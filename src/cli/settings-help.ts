import type { z } from 'zod';
import { environmentSchema, type Environment } from '../config.js';

// Typed by the schema's keys: a new setting without a line here does not compile.
const descriptions: Record<keyof Environment, string> = {
  PORT: 'public HTTP port',
  HOST: 'address both listeners bind to',
  BASE_URL: 'public URL of the service (issuer is {BASE_URL}/oidc); default http://localhost:{PORT}',
  DATABASE_URL: 'postgres:// URL of a PostgreSQL server; unset: embedded PGlite in DATA_DIR',
  DATA_DIR: 'directory of the embedded database',
  LOG_LEVEL: 'fatal, error, warn, info, debug, trace or silent',
  TESSERA_BOOTSTRAP_CLIENT_ID:
    'id of a machine-to-machine app with the management API role, created at start',
  TESSERA_BOOTSTRAP_CLIENT_SECRET: 'its secret (16+ characters)',
  TESSERA_TRUST_PROXY: 'trust X-Forwarded-* headers from a reverse proxy',
  TESSERA_DATABASE_POOL_SIZE: 'PostgreSQL connections per instance',
  TESSERA_DATABASE_CONNECT_TIMEOUT_MS:
    'PostgreSQL: longest wait to open a connection or get one from the pool, then 503 database.unavailable',
  TESSERA_DATABASE_QUERY_TIMEOUT_MS:
    'PostgreSQL: longest wait for any answer to a statement (a silent partition fails after this)',
  TESSERA_DATABASE_STATEMENT_TIMEOUT_MS: "PostgreSQL statement_timeout of the service's connections",
  TESSERA_SUBJECT_TOKEN_TTL: 'lifetime of a subject token, in seconds',
  TESSERA_SANDBOX_TIMEOUT_MS: 'deadline of a custom-claims script',
  TESSERA_SANDBOX_MEMORY_MB: 'memory of a custom-claims script',
  TESSERA_SANDBOX_FETCH_ALLOWLIST: 'comma-separated hosts custom-claims scripts may fetch',
  TESSERA_WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'let webhooks reach loopback and private addresses',
  TESSERA_WEBHOOK_TIMEOUT_MS: 'time a webhook receiver has to answer',
  TESSERA_WEBHOOK_RETRY_SCHEDULE: 'seconds before each retry, comma-separated',
  TESSERA_WEBHOOK_WORKERS: 'concurrent webhook sends per instance (0: this instance sends none)',
  TESSERA_WEBHOOK_MAX_IN_FLIGHT_PER_HOOK: 'ceiling of the adaptive window of concurrent sends to one hook',
  TESSERA_WEBHOOK_LEASE_FLOOR_MS:
    'added to the send timeouts a claimed row may wait: how long a crashed instance holds its rows',
  TESSERA_SIGNING_KEY_REFRESH_SECONDS:
    'how often each instance re-reads the signing keys; a new key is published for two of these before it signs',
  TESSERA_INSTANCE_DEAD_AFTER_SECONDS:
    'an instance silent this long counts as gone; others take over its webhook deliveries at once',
  TESSERA_WEBHOOK_USER_AGENT: 'User-Agent of webhook requests',
  TESSERA_SMTP_URL: 'smtp:// or smtps:// URL for e-mail; unset: messages are recorded (development)',
  TESSERA_SMTP_FROM: 'sender address of e-mail',
  TESSERA_SEND_LIMIT_PER_HOUR: 'verification messages per recipient per hour',
  TESSERA_SEND_MIN_INTERVAL_SECONDS: 'minimum seconds between two messages to one recipient',
  TESSERA_LOCKOUT_MAX_FAILURES: 'failed sign-ins before an identifier is locked',
  TESSERA_LOCKOUT_WINDOW_SECONDS: 'window in which failures are counted',
  TESSERA_LOCKOUT_SECONDS: 'how long a lockout lasts',
  TESSERA_OPS_PORT: 'operations listener (/health/live, /health/ready, /metrics) on HOST; 0 disables it',
  TESSERA_SHUTDOWN_GRACE_MS: 'on SIGTERM, how long in-flight requests and webhook sends may finish',
  TESSERA_WEBHOOK_RETENTION_DAYS: 'days finished webhook deliveries and their attempts are kept',
  TESSERA_LOG_RETENTION_DAYS: 'days audit log entries are kept',
  TESSERA_SECRETS_KEY:
    'key(s) encrypting application secrets: 32 bytes, hex or base64, comma-separated (the first encrypts); unset: a generated key kept in the database',
  TESSERA_APPLICATION_SECRETS_SHOWN_ONCE:
    'show application secrets only when created; keep only their digest',
  TESSERA_OTEL_EXPORTER_OTLP_ENDPOINT:
    'OTLP/HTTP endpoint of an OpenTelemetry collector (spans go to {endpoint}/v1/traces); unset: no tracing',
  TESSERA_OTEL_SERVICE_NAME: 'service.name of the exported spans',
};

/** The default a setting takes when unset, read from the schema itself. */
function defaultOf(schema: z.ZodType): string | undefined {
  const def = schema.def as { type: string; defaultValue?: unknown; in?: z.ZodType };
  if (def.type === 'pipe' && def.in) return defaultOf(def.in);
  if (def.type !== 'default') return undefined;
  const value = def.defaultValue;
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** Every setting with its default and meaning, generated from the configuration schema. */
export function settingsHelp(): string {
  const entries = Object.entries(environmentSchema.shape) as [keyof Environment, z.ZodType][];
  const width = Math.max(...entries.map(([name]) => name.length));
  return entries
    .map(([name, schema]) => {
      const fallback = defaultOf(schema);
      const suffix = fallback === undefined ? '' : ` (default: ${fallback === '' ? 'empty' : fallback})`;
      return `  ${name.padEnd(width)}  ${descriptions[name]}${suffix}`;
    })
    .join('\n');
}

import { z } from 'zod';
import type { DatabaseTimeouts } from './storage/database.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const seconds = z.coerce.number().int().positive();

const retrySchedule = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'a comma-separated list of whole seconds')
  .transform((value) => value.split(',').map(Number));

/** 32 bytes, base64, base64url or hex. */
const secretsKey = z
  .string()
  .trim()
  .transform((value) =>
    /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64url'),
  )
  .refine((key) => key.length === 32, 'each key is 32 bytes: 64 hex digits or 43 base64 characters');

/** One key or several, comma-separated: the first encrypts, every one decrypts (rotation). */
const secretsKeys = z
  .string()
  .transform((value) => value.split(','))
  .pipe(z.array(secretsKey).min(1));

export const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  HOST: z.string().min(1).default('0.0.0.0'),
  BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TESSERA_BOOTSTRAP_CLIENT_ID: z.string().min(1).max(128).optional(),
  TESSERA_BOOTSTRAP_CLIENT_SECRET: z.string().min(16, 'at least 16 characters').max(512).optional(),
  TESSERA_TRUST_PROXY: booleanFlag.default(false),
  TESSERA_DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  TESSERA_DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
  TESSERA_DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(3000),
  TESSERA_DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(2500),
  TESSERA_SUBJECT_TOKEN_TTL: seconds.default(600),
  TESSERA_SANDBOX_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(3000),
  TESSERA_SANDBOX_MEMORY_MB: z.coerce.number().int().min(4).max(1024).default(64),
  TESSERA_SANDBOX_FETCH_ALLOWLIST: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  TESSERA_WEBHOOK_ALLOW_PRIVATE_NETWORKS: booleanFlag.default(false),
  TESSERA_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  TESSERA_WEBHOOK_RETRY_SCHEDULE: retrySchedule.default([
    0, 5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400,
  ]),
  TESSERA_WEBHOOK_WORKERS: z.coerce.number().int().min(0).max(256).default(64),
  TESSERA_WEBHOOK_MAX_IN_FLIGHT_PER_HOOK: z.coerce.number().int().min(1).max(256).default(32),
  TESSERA_WEBHOOK_LEASE_FLOOR_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  TESSERA_SIGNING_KEY_REFRESH_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  TESSERA_INSTANCE_DEAD_AFTER_SECONDS: z.coerce.number().int().min(2).max(3600).default(10),
  TESSERA_WEBHOOK_USER_AGENT: z
    .string()
    .min(1)
    .default('Tessera/0.1 (+https://github.com/tessera-id/tessera)'),
  TESSERA_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'an smtp:// or smtps:// URL')
    .optional(),
  TESSERA_SMTP_FROM: z.string().min(3).max(320).optional(),
  TESSERA_SEND_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(5),
  TESSERA_SEND_MIN_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  TESSERA_LOCKOUT_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(3),
  TESSERA_LOCKOUT_WINDOW_SECONDS: seconds.default(3600),
  TESSERA_LOCKOUT_SECONDS: seconds.default(600),
  TESSERA_OPS_PORT: z.coerce.number().int().min(0).max(65535).default(9000),
  TESSERA_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  TESSERA_WEBHOOK_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(30),
  TESSERA_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(90),
  TESSERA_SECRETS_KEY: secretsKeys.optional(),
  TESSERA_APPLICATION_SECRETS_SHOWN_ONCE: booleanFlag.default(false),
  TESSERA_OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  TESSERA_OTEL_SERVICE_NAME: z.string().min(1).max(256).default('tessera'),
});

export type Environment = z.infer<typeof environmentSchema>;

export interface Config {
  port: number;
  host: string;
  baseUrl: string;
  issuer: string;
  managementApiIndicator: string;
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: Environment['LOG_LEVEL'];
  bootstrapClient: { id: string; secret: string } | undefined;
  trustProxy: boolean;
  databasePoolSize: number;
  /** PostgreSQL only: how long a request may wait for the database before it answers 503. */
  databaseTimeouts: DatabaseTimeouts;
  subjectTokenTtlSeconds: number;
  sandbox: { timeoutMs: number; memoryMb: number; fetchAllowlist: string[] };
  webhooks: {
    allowPrivateNetworks: boolean;
    timeoutMs: number;
    retryScheduleSeconds: number[];
    workers: number;
    /** Sends to one hook at a time, so one slow receiver cannot hold every worker. */
    maxInFlightPerHook: number;
    /** Added to the send timeouts a claimed row may wait before its lease lapses. */
    leaseFloorMs: number;
    userAgent: string;
  };
  /** Verification-code delivery: SMTP for e-mail when configured, else the recording connector. */
  messages: {
    smtp: { url: string; from: string } | undefined;
    sendLimitPerHour: number;
    sendMinIntervalSeconds: number;
  };
  lockout: { maxFailures: number; windowSeconds: number; lockSeconds: number };
  /** The operations listener (health, metrics) on `host`; 0 disables it. */
  opsPort: number;
  /** How long a stop waits for in-flight requests and webhook sends. */
  shutdownGraceMs: number;
  retention: { webhookDays: number; logDays: number };
  /** Application secrets: the installation's keys when configured (else one kept in the database). */
  applicationSecrets: { keys: Buffer[]; shownOnce: boolean };
  /**
   * How often each instance re-reads the signing keys; a rotated-in key is published for two of
   * these before it signs.
   */
  signingKeys: { refreshMs: number };
  /**
   * Each instance beats a heartbeat every `heartbeatMs`; one silent for `deadAfterMs` counts as
   * gone and the webhook deliveries it leased are taken over without waiting for their lease.
   */
  instances: { deadAfterMs: number; heartbeatMs: number };
  /** OpenTelemetry traces, exported as OTLP/HTTP to `endpoint` (its `/v1/traces`); off without one. */
  tracing: { endpoint: string | undefined; serviceName: string };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(pickRelevant(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`invalid setting ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  if (Boolean(e.TESSERA_BOOTSTRAP_CLIENT_ID) !== Boolean(e.TESSERA_BOOTSTRAP_CLIENT_SECRET)) {
    throw new ConfigError(
      'invalid setting TESSERA_BOOTSTRAP_CLIENT_ID: TESSERA_BOOTSTRAP_CLIENT_ID and TESSERA_BOOTSTRAP_CLIENT_SECRET go together',
    );
  }
  if (Boolean(e.TESSERA_SMTP_URL) !== Boolean(e.TESSERA_SMTP_FROM)) {
    throw new ConfigError(
      'invalid setting TESSERA_SMTP_URL: TESSERA_SMTP_URL and TESSERA_SMTP_FROM go together',
    );
  }
  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    baseUrl,
    issuer: `${baseUrl}/oidc`,
    managementApiIndicator: `${baseUrl}/api`,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    logLevel: e.LOG_LEVEL,
    bootstrapClient:
      e.TESSERA_BOOTSTRAP_CLIENT_ID && e.TESSERA_BOOTSTRAP_CLIENT_SECRET
        ? { id: e.TESSERA_BOOTSTRAP_CLIENT_ID, secret: e.TESSERA_BOOTSTRAP_CLIENT_SECRET }
        : undefined,
    trustProxy: e.TESSERA_TRUST_PROXY,
    databasePoolSize: e.TESSERA_DATABASE_POOL_SIZE,
    databaseTimeouts: {
      connectMs: e.TESSERA_DATABASE_CONNECT_TIMEOUT_MS,
      queryMs: e.TESSERA_DATABASE_QUERY_TIMEOUT_MS,
      statementMs: e.TESSERA_DATABASE_STATEMENT_TIMEOUT_MS,
    },
    subjectTokenTtlSeconds: e.TESSERA_SUBJECT_TOKEN_TTL,
    sandbox: {
      timeoutMs: e.TESSERA_SANDBOX_TIMEOUT_MS,
      memoryMb: e.TESSERA_SANDBOX_MEMORY_MB,
      fetchAllowlist: e.TESSERA_SANDBOX_FETCH_ALLOWLIST,
    },
    webhooks: {
      allowPrivateNetworks: e.TESSERA_WEBHOOK_ALLOW_PRIVATE_NETWORKS,
      timeoutMs: e.TESSERA_WEBHOOK_TIMEOUT_MS,
      retryScheduleSeconds: e.TESSERA_WEBHOOK_RETRY_SCHEDULE,
      workers: e.TESSERA_WEBHOOK_WORKERS,
      maxInFlightPerHook: e.TESSERA_WEBHOOK_MAX_IN_FLIGHT_PER_HOOK,
      leaseFloorMs: e.TESSERA_WEBHOOK_LEASE_FLOOR_MS,
      userAgent: e.TESSERA_WEBHOOK_USER_AGENT,
    },
    messages: {
      smtp:
        e.TESSERA_SMTP_URL && e.TESSERA_SMTP_FROM
          ? { url: e.TESSERA_SMTP_URL, from: e.TESSERA_SMTP_FROM }
          : undefined,
      sendLimitPerHour: e.TESSERA_SEND_LIMIT_PER_HOUR,
      sendMinIntervalSeconds: e.TESSERA_SEND_MIN_INTERVAL_SECONDS,
    },
    lockout: {
      maxFailures: e.TESSERA_LOCKOUT_MAX_FAILURES,
      windowSeconds: e.TESSERA_LOCKOUT_WINDOW_SECONDS,
      lockSeconds: e.TESSERA_LOCKOUT_SECONDS,
    },
    opsPort: e.TESSERA_OPS_PORT,
    shutdownGraceMs: e.TESSERA_SHUTDOWN_GRACE_MS,
    retention: { webhookDays: e.TESSERA_WEBHOOK_RETENTION_DAYS, logDays: e.TESSERA_LOG_RETENTION_DAYS },
    applicationSecrets: {
      keys: e.TESSERA_SECRETS_KEY ?? [],
      shownOnce: e.TESSERA_APPLICATION_SECRETS_SHOWN_ONCE,
    },
    signingKeys: { refreshMs: e.TESSERA_SIGNING_KEY_REFRESH_SECONDS * 1000 },
    instances: {
      deadAfterMs: e.TESSERA_INSTANCE_DEAD_AFTER_SECONDS * 1000,
      // Four beats per threshold: one or two lost beats do not make a live instance look gone.
      heartbeatMs: (e.TESSERA_INSTANCE_DEAD_AFTER_SECONDS * 1000) / 4,
    },
    tracing: {
      endpoint: e.TESSERA_OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, ''),
      serviceName: e.TESSERA_OTEL_SERVICE_NAME,
    },
  };
}

// Empty strings count as unset, so `FOO= tessera start` falls back to the default.
function pickRelevant(env: NodeJS.ProcessEnv): Record<string, string> {
  const keys = Object.keys(environmentSchema.shape);
  const picked: Record<string, string> = {};
  for (const key of keys) {
    const value = env[key];
    if (value !== undefined && value !== '') picked[key] = value;
  }
  return picked;
}

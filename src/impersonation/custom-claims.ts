import type { Config } from '../config.js';
import { writeLog } from '../audit/write-log.js';
import { runInSandbox, type SandboxOutcome } from '../sandbox/sandbox.js';
import type { Db } from '../storage/database.js';
import type { JwtCustomizerValue } from '../storage/tables/impersonation.js';
import { refusal } from './exchange-errors.js';
import { activeCustomizer, customizerKeys, type TokenTypePath } from './jwt-customizers.service.js';

/** Claims the service sets; a script's members of these names are dropped, so ours always win. */
export const reservedClaims = new Set([
  'sub',
  'aud',
  'iss',
  'exp',
  'iat',
  'nbf',
  'jti',
  'scope',
  'client_id',
  'act',
  'cnf',
]);

export interface ClaimsDeps {
  db: Db;
  config: Config;
}

export interface CustomClaimsRequest {
  tokenType: TokenTypePath;
  /** The claims being issued, as the script's `token`. */
  token: Record<string, unknown>;
  /** Built only when a script is configured. */
  context: () => Promise<Record<string, unknown>>;
  userId?: string;
  applicationId: string;
}

/**
 * Runs the operator's script for this kind of token, if there is one. A denial refuses the
 * token; a failure is logged and refuses it only when the operator asked for that.
 */
export async function customClaims(
  deps: ClaimsDeps,
  request: CustomClaimsRequest,
): Promise<Record<string, unknown>> {
  const customizer = await activeCustomizer(deps.db, customizerKeys[request.tokenType]);
  if (!customizer) return {};
  const outcome = await runCustomizer(deps.config, customizer, request.token, await request.context());
  switch (outcome.status) {
    case 'ok':
      return withoutReservedClaims(outcome.claims);
    case 'denied':
      throw refusal('access_denied', outcome.message, 'the custom claims script denied access');
    case 'error': {
      const blocked = customizer.blockIssuanceOnError === true;
      await writeLog(deps.db, {
        key: 'JwtCustomizer.ScriptError',
        userId: request.userId,
        applicationId: request.applicationId,
        payload: {
          result: 'Error',
          applicationId: request.applicationId,
          userId: request.userId,
          tokenType: request.tokenType,
          reason: outcome.reason,
          message: redact(outcome.message, customizer.environmentVariables),
          blocked,
        },
      });
      if (blocked) {
        throw refusal(
          'invalid_request',
          'the custom claims script failed',
          `custom claims script: ${outcome.reason}`,
        );
      }
      return {};
    }
  }
}

export function runCustomizer(
  config: Config,
  customizer: Pick<JwtCustomizerValue, 'script' | 'environmentVariables'>,
  token: Record<string, unknown>,
  context: Record<string, unknown>,
): Promise<SandboxOutcome> {
  return runInSandbox({
    script: customizer.script,
    inputJson: JSON.stringify({
      token,
      context,
      environmentVariables: customizer.environmentVariables ?? {},
    }),
    timeoutMs: config.sandbox.timeoutMs,
    memoryMb: config.sandbox.memoryMb,
    fetchAllowlist: config.sandbox.fetchAllowlist,
  });
}

export function withoutReservedClaims(claims: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(claims).filter(([name]) => !reservedClaims.has(name)));
}

/** Environment variables often hold API keys; an error message must not carry them into a log. */
function redact(message: string, environment: Record<string, string> | undefined): string {
  let redacted = message;
  for (const value of Object.values(environment ?? {})) {
    if (value.length >= 4) redacted = redacted.split(value).join('[redacted]');
  }
  return redacted;
}

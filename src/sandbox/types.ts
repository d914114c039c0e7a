/** One run of an operator script; everything in it crosses a thread boundary, so it is plain data. */
export interface SandboxTask {
  script: string;
  /** Members handed to `getCustomJwtClaims` besides `api` (token, context, environmentVariables). */
  input: Record<string, unknown>;
  timeoutMs: number;
  memoryMb: number;
  /** Host names (optionally `host:port`) the script may fetch from. */
  fetchAllowlist: string[];
}

export type SandboxFailure = 'timeout' | 'memory' | 'script' | 'invalid_result' | 'crashed';

export type SandboxOutcome =
  | { status: 'ok'; claims: Record<string, unknown> }
  | { status: 'denied'; message: string }
  | { status: 'error'; reason: SandboxFailure; message: string };

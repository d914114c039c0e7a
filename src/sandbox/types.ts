/** One run of an operator script; everything in it crosses a thread boundary, so it is plain data. */
export interface SandboxTask {
  script: string;
  /** What `getCustomJwtClaims` receives besides `api` (token, context, environmentVariables), as JSON. */
  inputJson: string;
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

/** An outcome as a worker reports it: the claims stay the JSON text the script's runner made. */
export type WorkerOutcome = Exclude<SandboxOutcome, { status: 'ok' }> | { status: 'ok'; claimsJson: string };

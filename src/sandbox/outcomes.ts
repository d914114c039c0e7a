import type { SandboxOutcome } from './types.js';

/** The wall-clock deadline passed while the script awaited something. */
export class Interrupted extends Error {}

/** A QuickJS exception, dumped to a host value, as one line of text. */
export function exceptionMessage(dumped: unknown): string {
  if (dumped && typeof dumped === 'object' && 'message' in dumped) {
    return `${'name' in dumped ? String(dumped.name) : 'Error'}: ${String(dumped.message)}`;
  }
  return String(dumped);
}

/** How a run that threw is reported: past its deadline, out of memory, or the script's own error. */
export function failureOutcome(
  error: unknown,
  pastDeadline: boolean,
): Extract<SandboxOutcome, { status: 'error' }> {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof Interrupted || /interrupted/.test(message) || pastDeadline) {
    return { status: 'error', reason: 'timeout', message: 'the script ran past its time limit' };
  }
  if (/out of memory/i.test(message)) {
    return { status: 'error', reason: 'memory', message: 'the script ran out of memory' };
  }
  return { status: 'error', reason: 'script', message: message.slice(0, 1000) };
}

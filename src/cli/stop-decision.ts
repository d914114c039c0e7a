/** Why the service is asked to stop. */
export type StopRequest =
  { kind: 'signal'; signal: NodeJS.Signals; at: number } | { kind: 'parent-gone'; at: number };

/** What the service does about a stop request, given the one that began the stop (if any). */
export type StopAction =
  | { kind: 'begin' }
  /** The request is part of the stop already under way: the grace goes on. */
  | {
      kind: 'continue';
      why:
        | 'parent gone while stopping'
        | 'signal passed on by a wrapper'
        | 'signal to the group that took the parent';
    }
  /** The operator asked again: no more waiting. */
  | { kind: 'exit-now' };

/**
 * npm passes SIGINT and SIGTERM on to the script it runs; a terminal's Ctrl-C or a process
 * manager signals the whole group, so under npm one stop can arrive twice within milliseconds.
 */
export const repeatWindowMs = 1000;

export function decideStop(first: StopRequest | undefined, next: StopRequest): StopAction {
  if (first === undefined) return { kind: 'begin' };
  // Losing npm while stopping is what a signal to npm's whole process group does: only a signal
  // from the operator may cut the grace.
  if (next.kind === 'parent-gone') return { kind: 'continue', why: 'parent gone while stopping' };
  if (first.kind === 'signal' && first.signal === next.signal && next.at - first.at < repeatWindowMs) {
    return { kind: 'continue', why: 'signal passed on by a wrapper' };
  }
  // A signal to npm's whole group takes npm away too: on a busy host the loss of the parent may be
  // noticed first, and the group's own signal is then not a second request.
  if (first.kind === 'parent-gone' && next.at - first.at < repeatWindowMs) {
    return { kind: 'continue', why: 'signal to the group that took the parent' };
  }
  return { kind: 'exit-now' };
}

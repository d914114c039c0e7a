import { readFileSync } from 'node:fs';

// A service run by `npm start` must not outlive npm; one started on its own (`nohup … &`, setsid,
// a process manager, a container's PID 1) was put there on purpose and is never watched.
const checkEveryMs = 1000;
// npm runs a script through `sh -c`, and wrappers (cross-env, dotenv) add a level each.
const maxChainLength = 8;

/** One process of the chain up to npm, and the parent it had when the watch began. */
interface Link {
  pid: number;
  ppid: number;
}

/**
 * Calls `onGone` once when the process that launched this one goes away: an IPC channel that
 * disconnects, or, when run by an npm script, npm or a process between npm and this one (the
 * `sh -c` npm runs scripts with) being re-parented or gone. Without npm and without IPC there is
 * nothing to watch: the parent of a deliberately backgrounded service exits by design.
 */
export function watchParent(onGone: () => void, env: NodeJS.ProcessEnv = process.env): () => void {
  let fired = false;
  const fire = () => {
    if (fired) return;
    fired = true;
    stop();
    onGone();
  };
  if (process.connected) process.once('disconnect', fire);
  const lifecycle = env.npm_lifecycle_event;
  const chain = lifecycle === undefined ? [] : chainToNpm(lifecycle);
  const timer =
    chain.length > 0 ? setInterval(() => chain.every(unchanged) || fire(), checkEveryMs).unref() : undefined;
  const stop = () => {
    clearInterval(timer);
    process.off('disconnect', fire);
  };
  return stop;
}

/**
 * This process and its ancestors up to npm: npm gives its script the `npm_lifecycle_event` it
 * runs, so the first ancestor without that same value is npm itself (or whatever ran npm's shell).
 * Where /proc is missing (macOS), only the direct parent is known.
 */
function chainToNpm(lifecycle: string): Link[] {
  const chain: Link[] = [];
  let pid = process.pid;
  let ppid: number | undefined = process.ppid;
  while (ppid !== undefined && ppid > 1 && chain.length < maxChainLength) {
    chain.push({ pid, ppid });
    if (readEnvironment(ppid).get('npm_lifecycle_event') !== lifecycle) break;
    pid = ppid;
    ppid = readParent(pid);
  }
  return chain;
}

function unchanged(link: Link): boolean {
  const ppid = link.pid === process.pid ? process.ppid : readParent(link.pid);
  return ppid === link.ppid;
}

/** The parent pid from /proc/<pid>/stat; undefined when the process is gone or /proc is missing. */
function readParent(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields after it are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[1]);
  } catch {
    return undefined;
  }
}

function readEnvironment(pid: number): Map<string, string> {
  try {
    const entries = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    return new Map(
      entries.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
    );
  } catch {
    return new Map();
  }
}

// Every process a benchmark starts runs in a process group of its own and is killed, with all it
// started, when the benchmark exits for any reason: normal end, an exception, SIGINT/SIGTERM/SIGHUP.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

const groups = new Set<number>();
let installed = false;

function killGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // already gone
  }
}

function killGroups(signal: NodeJS.Signals): void {
  for (const pid of groups) killGroup(pid, signal);
  groups.clear();
}

function install(): void {
  if (installed) return;
  installed = true;
  // 'exit' runs synchronously, so SIGKILL: nothing is left to wait for a graceful stop.
  process.on('exit', () => killGroups('SIGKILL'));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      console.error(`bench: ${signal}, stopping the processes it started`);
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
    });
  }
  const fail = (error: unknown) => {
    console.error(error);
    process.exit(1);
  };
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
}

/** `spawn` in a new process group that this process kills on any exit. */
export function spawnTracked(command: string, args: string[], options: SpawnOptions): ChildProcess {
  install();
  const child = spawn(command, args, { ...options, detached: true });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${command}`);
  groups.add(pid);
  // Whatever it started and left behind in its group goes with it.
  child.once('exit', () => {
    if (groups.delete(pid)) killGroup(pid, 'SIGKILL');
  });
  return child;
}

/** Stops a tracked process gracefully (SIGTERM to its group), killing it after `graceMs`. */
export async function stopTracked(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const pid = child.pid!;
  if (!killGroup(pid, 'SIGTERM')) return;
  const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

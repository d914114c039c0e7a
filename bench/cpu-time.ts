// CPU seconds spent by the service process and by one database's PostgreSQL backends (plus the
// WAL writer they share), read from /proc: on a shared 2-core machine a rate alone cannot say
// whether the service, the database or someone else's work used the cores. Linux only; elsewhere
// every figure is 0.
import { readdirSync, readFileSync } from 'node:fs';

const ticksPerSecond = 100;

export interface CpuSample {
  service: number;
  /** Per backend process: one that exits between two samples is left out rather than subtracted. */
  postgres: Map<string, number>;
  loadGenerator: number;
  /** Every process on the machine, ours or not. */
  machine: number;
}

export function processSeconds(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return 0;
  }
}

function postgresSeconds(databaseName: string): Map<string, number> {
  const seconds = new Map<string, number>();
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return seconds;
  }
  for (const pid of pids) {
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    // Backends show as "postgres: <cluster>: <user> <database> <client> <state>".
    if (!command.startsWith('postgres:')) continue;
    if (command.includes(` ${databaseName} `) || command.includes('walwriter'))
      seconds.set(pid, processSeconds(pid));
  }
  return seconds;
}

export function machineSeconds(): number {
  try {
    const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user! + nice! + system! + irq! + softirq!) / ticksPerSecond;
  } catch {
    return 0;
  }
}

export function sampleCpu(servicePid: number, databaseName: string): CpuSample {
  return {
    service: processSeconds(servicePid),
    postgres: postgresSeconds(databaseName),
    loadGenerator: processSeconds(process.pid),
    machine: machineSeconds(),
  };
}

/** Microseconds of CPU per request between two samples. */
export function cpuPerRequest(before: CpuSample, after: CpuSample, requests: number): string {
  let postgres = 0;
  for (const [pid, seconds] of after.postgres) postgres += seconds - (before.postgres.get(pid) ?? 0);
  const perRequest = (seconds: number) => `${Math.round((seconds * 1e6) / Math.max(requests, 1))} µs`;
  return (
    `service ${perRequest(after.service - before.service)}, PostgreSQL ${perRequest(postgres)}, ` +
    `load generator ${perRequest(after.loadGenerator - before.loadGenerator)}; ` +
    `whole machine ${perRequest(after.machine - before.machine)}`
  );
}

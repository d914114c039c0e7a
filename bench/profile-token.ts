// One token figure alone, for a profile that holds nothing else: `bare` (the bare provider),
// `credentials` (Tessera's client_credentials), `exchange` (token exchange, no script) or `script`
// (token exchange with the custom-claims script).
//
//   node --import tsx bench/profile-token.ts credentials /tmp/prof
// writes the service's (or the bare provider's) .cpuprofile to the folder and prints the rate and
// the CPU per request of the service and of PostgreSQL, and of the process's main thread and its
// other threads (V8's compiler and GC helpers, libuv's pool, which signs). The folder `none`
// profiles nothing; TESSERA_BENCH_SERVICE_ARGS adds node flags (e.g. `--trace-gc`, with
// TESSERA_BENCH_SERVICE_STDOUT=inherit to see it) to either process. The load pauses 1.5 s before
// its warm-up, so a profile's load is the stretch after its last idle gap; `requests:` counts it.
//   TESSERA_BENCH_RATE=1500        the measured run at a fixed rate (both sides do the same work)
//   TESSERA_BENCH_PERF=/tmp/x.data `perf record` (CPU-time samples of every thread) over the measured
//                                  run; with TESSERA_BENCH_SERVICE_ARGS=--perf-basic-prof for JS names
//   TESSERA_BENCH_ATTACH='strace -c -f -o /tmp/x -p {pid}'  any tool attached the same way
import './use-postgres.js';
import { cpuPerRequest, sampleCpu } from './cpu-time.js';
import { BARE_CLIENT, startBareProvider } from './references/bare-provider.js';
import { SubjectTokenSupply } from './subject-token-supply.js';
import { basicAuth, benchSeconds, load, loadAverage, startBenchService } from './support.js';
import { clientCredentialsRequest, createTokenFixtures, setClaimsScript } from './token-fixtures.js';

const [figure = 'credentials', folder = '/tmp/prof'] = process.argv.slice(2);
const profileArgs = [
  ...(folder === 'none' ? [] : ['--cpu-prof', `--cpu-prof-dir=${folder}`]),
  ...(process.env.TESSERA_BENCH_SERVICE_ARGS?.split(' ').filter(Boolean) ?? []),
];
const form = 'application/x-www-form-urlencoded';
const fixedRate = process.env.TESSERA_BENCH_RATE
  ? { overallRate: Number(process.env.TESSERA_BENCH_RATE) }
  : {};

/** CPU seconds of a process's main thread, and of all its threads (from /proc). */
async function threadSeconds(pid: number): Promise<{ main: number; all: number }> {
  const { readFileSync } = await import('node:fs');
  // utime + stime in clock ticks (100 per second), as cpu-time.ts reads them.
  const read = (path: string) => {
    const stat = readFileSync(path, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  return { main: read(`/proc/${pid}/task/${pid}/stat`), all: read(`/proc/${pid}/stat`) };
}

async function reportThreads(
  pid: number,
  before: { main: number; all: number },
  requests: number,
): Promise<void> {
  const after = await threadSeconds(pid);
  const us = (seconds: number) => Math.round((seconds * 1e6) / requests);
  console.log(
    `threads: main ${us(after.main - before.main)} µs, others ${us(after.all - after.main - (before.all - before.main))} µs per request`,
  );
}

async function perfRecord(pid: number): Promise<() => Promise<void>> {
  const out = process.env.TESSERA_BENCH_PERF;
  const attach = process.env.TESSERA_BENCH_ATTACH;
  if (!out && !attach) return async () => undefined;
  const { spawn } = await import('node:child_process');
  const [command, ...args] = attach
    ? attach.replaceAll('{pid}', String(pid)).split(' ')
    : ['perf', 'record', '-e', 'cpu-clock', '-F', '1999', '-g', '-p', String(pid), '-o', out!];
  const tool = spawn(command!, args, { stdio: 'ignore' });
  await new Promise((resolve) => setTimeout(resolve, 300));
  return async () => {
    if (tool.exitCode !== null || tool.signalCode !== null) return;
    const exited = new Promise((resolve) => tool.once('exit', resolve));
    tool.kill('SIGINT');
    await exited;
  };
}

if (figure === 'bare') {
  const bare = await startBareProvider(profileArgs);
  try {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const warm = await load({
      ...clientCredentialsRequest(bare.baseUrl, BARE_CLIENT.id, BARE_CLIENT.secret),
      duration: 2,
    });
    const stopPerf = await perfRecord(bare.pid);
    const threads = await threadSeconds(bare.pid);
    const before = sampleCpu(bare.pid, 'none');
    const result = await load({
      ...clientCredentialsRequest(bare.baseUrl, BARE_CLIENT.id, BARE_CLIENT.secret),
      ...fixedRate,
    });
    const after = sampleCpu(bare.pid, 'none');
    await reportThreads(bare.pid, threads, result.succeeded + result.non2xx);
    await stopPerf();
    console.log(
      `bare: ${result.requestsPerSecond}/s p50 ${result.p50} p99 ${result.p99}; load ${loadAverage()}`,
    );
    console.log(`CPU per request: ${cpuPerRequest(before, after, result.requestsPerSecond * benchSeconds)}`);
    console.log(
      `requests: ${warm.succeeded + warm.non2xx} warm-up, ${result.succeeded + result.non2xx} measured`,
    );
  } finally {
    await bare.stop();
  }
} else {
  process.env.TESSERA_BENCH_SERVICE_ARGS = profileArgs.join(' ');
  const service = await startBenchService();
  try {
    const databaseName = new URL(service.database.env.DATABASE_URL!).pathname.slice(1);
    const cpu = () => sampleCpu(service.process.pid!, databaseName);
    const fixtures = await createTokenFixtures(service);
    let run: (seconds: number) => ReturnType<typeof load>;
    if (figure === 'exchange' || figure === 'script') {
      if (figure === 'script') await setClaimsScript(service, true);
      const supply = new SubjectTokenSupply(service, fixtures.userId);
      const headers = {
        authorization: basicAuth(fixtures.exchanger.id, fixtures.exchanger.secret),
        'content-type': form,
      };
      await supply.fill(0, 30_000);
      run = (seconds) =>
        load({
          url: service.baseUrl,
          duration: seconds,
          ...(seconds === benchSeconds ? fixedRate : {}),
          requests: [
            {
              method: 'POST',
              path: '/oidc/token',
              headers,
              setupRequest: (r) => ({ ...r, body: supply.take(() => undefined) }),
            },
          ],
        });
    } else {
      run = (seconds) =>
        load({
          ...clientCredentialsRequest(service.baseUrl, fixtures.machine.id, fixtures.machine.secret),
          duration: seconds,
          ...(seconds === benchSeconds ? fixedRate : {}),
        });
    }
    // An idle gap, so a profile's busy window holds the load alone.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const warm = await run(2);
    const stopPerf = await perfRecord(service.process.pid!);
    const threads = await threadSeconds(service.process.pid!);
    const before = cpu();
    const result = await run(benchSeconds);
    const after = cpu();
    await reportThreads(service.process.pid!, threads, result.succeeded + result.non2xx);
    await stopPerf();
    console.log(
      `${figure}: ${result.requestsPerSecond}/s p50 ${result.p50} p99 ${result.p99} non2xx ${result.non2xx}; load ${loadAverage()}`,
    );
    console.log(`CPU per request: ${cpuPerRequest(before, after, result.requestsPerSecond * benchSeconds)}`);
    console.log(
      `requests: ${warm.succeeded + warm.non2xx} warm-up, ${result.succeeded + result.non2xx} measured`,
    );
  } finally {
    await service.stop();
  }
}

// One token figure alone, for a profile that holds nothing else: `bare` (the bare provider),
// `credentials` (Tessera's client_credentials), `exchange` (token exchange, no script) or `script`
// (token exchange with the custom-claims script).
//
//   node --import tsx bench/profile-token.ts credentials /tmp/prof
// writes the service's (or the bare provider's) .cpuprofile to the folder and prints the rate and
// the CPU per request of the service and of PostgreSQL. The folder `none` profiles nothing;
// TESSERA_BENCH_SERVICE_ARGS adds node flags (e.g. `--max-semi-space-size=64`) to either process.
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

if (figure === 'bare') {
  const bare = await startBareProvider(profileArgs);
  try {
    await load({
      ...clientCredentialsRequest(bare.baseUrl, BARE_CLIENT.id, BARE_CLIENT.secret),
      duration: 2,
    });
    const before = sampleCpu(bare.pid, 'none');
    const result = await load(clientCredentialsRequest(bare.baseUrl, BARE_CLIENT.id, BARE_CLIENT.secret));
    const after = sampleCpu(bare.pid, 'none');
    console.log(
      `bare: ${result.requestsPerSecond}/s p50 ${result.p50} p99 ${result.p99}; load ${loadAverage()}`,
    );
    console.log(`CPU per request: ${cpuPerRequest(before, after, result.requestsPerSecond * benchSeconds)}`);
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
        });
    }
    await run(2);
    const before = cpu();
    const result = await run(benchSeconds);
    const after = cpu();
    console.log(
      `${figure}: ${result.requestsPerSecond}/s p50 ${result.p50} p99 ${result.p99} non2xx ${result.non2xx}; load ${loadAverage()}`,
    );
    console.log(`CPU per request: ${cpuPerRequest(before, after, result.requestsPerSecond * benchSeconds)}`);
  } finally {
    await service.stop();
  }
}

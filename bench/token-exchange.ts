// Token endpoints on PostgreSQL, each figure beside its reference in the same run, in alternating
// rounds: Tessera's client_credentials (M2M app with roles, a resource) and token exchange beside a
// bare oidc-provider of the same version (bench/references/bare-provider.ts); the exchange with a
// custom-claims script beside the one without; POST /api/subject-tokens beside GET /api/users/:id.
// Every other round runs the steps backwards, and each measured run follows a warm-up of its own.
//
//   TESSERA_BENCH_SECONDS=3 TESSERA_BENCH_ROUNDS=1 node --import tsx bench/token-exchange.ts
//   TESSERA_BENCH_SERVICE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" ...   (the service's node flags)
import './use-postgres.js';
import { decodeJwt } from 'jose';
import { cpuPerRequest, sampleCpu } from './cpu-time.js';
import { BARE_CLIENT, startBareProvider } from './references/bare-provider.js';
import { watchStatements } from './statements.js';
import { SubjectTokenSupply } from './subject-token-supply.js';
import { recordGoal, type Measured, type Round } from './summary.js';
import {
  basicAuth,
  benchRounds,
  benchSeconds,
  header,
  load,
  loadAverage,
  startBenchService,
  warmUpSeconds,
} from './support.js';
import type { LoadResult } from './support.js';
import { clientCredentialsRequest, createTokenFixtures, setClaimsScript } from './token-fixtures.js';

const connections = 32;
const form = 'application/x-www-form-urlencoded';
const measured = (r: LoadResult): Measured => ({ value: r.requestsPerSecond, p50: r.p50, p99: r.p99 });

header('Token endpoints beside a bare oidc-provider (PostgreSQL)');
const bare = await startBareProvider();
const service = await startBenchService();
try {
  const databaseName = new URL(service.database.env.DATABASE_URL!).pathname.slice(1);
  const cpu = () => sampleCpu(service.process.pid!, databaseName);
  const fixtures = await createTokenFixtures(service);
  const supply = new SubjectTokenSupply(service, fixtures.userId);
  const managementToken = await service.managementToken();
  const statements = await watchStatements(service.database.env.DATABASE_URL!);

  const clientCredentials = (baseUrl: string, id: string, secret: string) => (seconds: number) =>
    load({ ...clientCredentialsRequest(baseUrl, id, secret), connections, duration: seconds });
  const bareTokens = clientCredentials(bare.baseUrl, BARE_CLIENT.id, BARE_CLIENT.secret);
  const tesseraTokens = clientCredentials(service.baseUrl, fixtures.machine.id, fixtures.machine.secret);
  const exchangeHeaders = {
    authorization: basicAuth(fixtures.exchanger.id, fixtures.exchanger.secret),
    'content-type': form,
  };
  const exchanges = async (seconds: number) => {
    await supply.fill(seconds);
    const control: { stop?: () => void } = {};
    const started = performance.now();
    const result = await load(
      {
        url: service.baseUrl,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            path: '/oidc/token',
            headers: exchangeHeaders,
            setupRequest: (request) => ({ ...request, body: supply.take(() => control.stop?.()) }),
          },
        ],
      },
      control,
    );
    if (supply.ranOut)
      console.log(`  the supply ran out after ${((performance.now() - started) / 1000).toFixed(1)} s`);
    supply.observe(result.requestsPerSecond);
    supply.ranOut = false;
    return result;
  };
  const issueSubjectTokens = (seconds: number) =>
    load({
      url: service.baseUrl,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: '/api/subject-tokens',
          headers: { authorization: `Bearer ${managementToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ userId: fixtures.userId, context: { ticketId: 'T-1042' } }),
          // Every token issued here is redeemed by a later exchange run.
          onResponse: (status, body) => {
            if (status === 201) supply.add((JSON.parse(body) as { subjectToken: string }).subjectToken);
          },
        },
      ],
    });
  const readUsers = (seconds: number) =>
    load({
      url: `${service.baseUrl}/api/users/${fixtures.userId}`,
      connections,
      duration: seconds,
      headers: { authorization: `Bearer ${managementToken}` },
    });

  // Warm-up (JIT, pools, prepared statements) doubles as the calibration of the subject-token supply.
  await supply.fill(0, 6000);
  for (const run of [bareTokens, tesseraTokens, exchanges, issueSubjectTokens, readUsers]) await run(2);
  // The sandbox's worker threads start (and their WebAssembly tiers up) on the first scripts.
  await setClaimsScript(service, true);
  await exchanges(1);
  await setClaimsScript(service, false);
  console.log(
    `warmed up; the supply is sized from ${supply.available} tokens left; load average ${loadAverage()}`,
  );

  const rows = {
    credentials: [] as Round[],
    exchange: [] as Round[],
    script: [] as Round[],
    issue: [] as Round[],
  };
  const cpuNotes: string[] = [];
  type Step = { name: string; run: (s: number) => Promise<LoadResult>; label?: string; script?: boolean };
  const steps: Step[] = [
    { name: 'bare client_credentials', run: bareTokens },
    { name: 'client_credentials', run: tesseraTokens, label: 'client_credentials' },
    { name: 'exchange', run: exchanges, label: 'token exchange' },
    { name: 'scripted exchange', run: exchanges, label: 'scripted exchange', script: true },
    { name: 'subject token', run: issueSubjectTokens },
    { name: 'user read', run: readUsers },
  ];
  const measure = async (step: Step, round: number): Promise<LoadResult> => {
    if (step.script) await setClaimsScript(service, true);
    // The subject tokens an exchange run redeems (its warm-up's too) are issued before it starts.
    if (step.run === exchanges) await supply.fill(warmUpSeconds + benchSeconds);
    if (warmUpSeconds) await step.run(warmUpSeconds);
    await statements.reset();
    // The bare provider's own process when it is the one measured.
    const sample = step.run === bareTokens ? () => sampleCpu(bare.pid, 'none') : cpu;
    const before = sample();
    const result = await step.run(benchSeconds);
    const after = sample();
    if (step.label && round === 1)
      await statements.report(result.requestsPerSecond * benchSeconds, step.label);
    if (step.script) await setClaimsScript(service, false);
    cpuNotes.push(
      `round ${round} CPU per ${step.name}: ${cpuPerRequest(before, after, result.requestsPerSecond * benchSeconds)}`,
    );
    return result;
  };
  for (let round = 1; round <= benchRounds; round++) {
    // Every other round runs the steps backwards, so each figure runs before its reference in half
    // of the rounds and after it in the other half.
    const forwards = round % 2 === 1;
    const results = new Map<string, LoadResult>();
    for (const step of forwards ? steps : [...steps].reverse())
      results.set(step.name, await measure(step, round));
    const get = (name: string) => measured(results.get(name)!);
    rows.credentials.push({
      figure: get('client_credentials'),
      reference: get('bare client_credentials'),
      figureFirst: !forwards,
    });
    rows.exchange.push({
      figure: get('exchange'),
      reference: get('bare client_credentials'),
      figureFirst: !forwards,
    });
    rows.script.push({
      figure: get('scripted exchange'),
      reference: get('exchange'),
      figureFirst: !forwards,
    });
    rows.issue.push({ figure: get('subject token'), reference: get('user read'), figureFirst: !forwards });
    const failed = [...results.values()].reduce((sum, r) => sum + r.errors + r.non2xx, 0);
    console.log(
      `round ${round}/${benchRounds} (${forwards ? 'forwards' : 'backwards'}, load average ${loadAverage()}): ` +
        steps.map((step) => `${step.name} ${results.get(step.name)!.requestsPerSecond}/s`).join(', ') +
        `; failed requests ${failed}`,
    );
  }
  for (const note of cpuNotes) console.log(`  ${note}`);
  await statements.close();

  const sample = await fetch(`${service.baseUrl}/oidc/token`, {
    method: 'POST',
    headers: exchangeHeaders,
    body: supply.take(() => undefined),
  });
  const claims = decodeJwt(((await sample.json()) as { access_token: string }).access_token);
  console.log(`a sample exchanged token's claims: ${Object.keys(claims).sort().join(', ')}`);

  console.log('');
  recordGoal({
    figure: 'client_credentials tokens (M2M app with roles, a resource)',
    reference: 'bare oidc-provider client_credentials',
    goal: 0.85,
    rounds: rows.credentials,
  });
  recordGoal({
    figure: 'token exchanges (a new subject token each, two scopes, no script)',
    reference: 'bare oidc-provider client_credentials',
    goal: 0.8,
    rounds: rows.exchange,
  });
  recordGoal({
    figure: 'token exchanges with a custom-claims script reading the context',
    reference: 'token exchanges without a script',
    goal: 0.7,
    rounds: rows.script,
  });
  recordGoal({
    figure: 'POST /api/subject-tokens',
    reference: 'GET /api/users/:id',
    goal: 0.8,
    rounds: rows.issue,
  });
} finally {
  await service.stop();
  await bare.stop();
}

// client_credentials tokens/s and management GET /api/users/:id latency, on PostgreSQL.
import './use-postgres.js';
import { basicAuth, header, load, report, startBenchService } from './support.js';

header('Foundation: client credentials and management reads (PostgreSQL)');
const service = await startBenchService();
try {
  const user = await service.api<{ id: string }>('POST', '/users', {
    username: `bench_${Date.now()}`,
    name: 'Bench',
  });

  const tokens = await load({
    url: `${service.baseUrl}/oidc/token`,
    method: 'POST',
    headers: { authorization: basicAuth(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      resource: `${service.baseUrl}/api`,
      scope: 'all',
    }).toString(),
  });
  report('client_credentials tokens', tokens);

  const reads = await load({
    url: `${service.baseUrl}/api/users/${user.id}`,
    headers: { authorization: `Bearer ${await service.managementToken()}` },
  });
  report('GET /api/users/:id', reads);
} finally {
  await service.stop();
}

// What the token benchmark sets up through the management API: a resource with two scopes, a user
// holding them through a role, a Traditional application allowed to exchange tokens, and an M2M
// application holding them through an M2M role (client_credentials for a resource, with roles).
import { basicAuth, type BenchService } from './support.js';
import { BARE_RESOURCE, BARE_SCOPE } from './references/bare-provider.js';

export const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
/** The same indicator and scopes as the bare provider's, so both sign tokens of the same size. */
export const INDICATOR = BARE_RESOURCE;
export const SCOPE = BARE_SCOPE;

/** A custom-claims script that reads the subject token's context (the third row). */
export const CLAIMS_SCRIPT = `
async function getCustomJwtClaims({ context }) {
  const subject = context.grant?.subjectTokenContext ?? {};
  return { ticket_id: subject.ticketId ?? null, roles: context.user.roles.map((role) => role.name) };
}`;

export interface TokenFixtures {
  userId: string;
  exchanger: { id: string; secret: string };
  machine: { id: string; secret: string };
}

export async function createTokenFixtures(service: BenchService): Promise<TokenFixtures> {
  const resource = await service.api<{ id: string }>('POST', '/resources', {
    name: 'Orders',
    indicator: INDICATOR,
    accessTokenTtl: 900,
  });
  const scopeIds: string[] = [];
  for (const name of SCOPE.split(' ')) {
    const scope = await service.api<{ id: string }>('POST', `/resources/${resource.id}/scopes`, { name });
    scopeIds.push(scope.id);
  }
  const role = (type: string) =>
    service.api<{ id: string }>('POST', '/roles', {
      name: `Orders ${type}`,
      description: 'reads and writes orders',
      type,
      scopeIds,
    });
  const [userRole, machineRole] = [await role('User'), await role('MachineToMachine')];
  const user = await service.api<{ id: string }>('POST', '/users', { username: `bench_${Date.now()}` });
  await service.api('POST', `/users/${user.id}/roles`, { roleIds: [userRole.id] });
  const exchanger = await service.api<{ id: string; secret: string }>('POST', '/applications', {
    name: 'Support console',
    type: 'Traditional',
    oidcClientMetadata: { redirectUris: ['https://console.example.com/callback'] },
    customClientMetadata: { allowTokenExchange: true },
  });
  const machine = await service.api<{ id: string; secret: string }>('POST', '/applications', {
    name: 'Orders backend',
    type: 'MachineToMachine',
  });
  await service.api('POST', `/applications/${machine.id}/roles`, { roleIds: [machineRole.id] });
  return { userId: user.id, exchanger, machine };
}

/** Turns the access-token custom-claims script on or off; every instance sees it within a second. */
export async function setClaimsScript(service: BenchService, on: boolean): Promise<void> {
  const path = '/configs/jwt-customizer/access-token';
  if (on) await service.api('PUT', path, { script: CLAIMS_SCRIPT });
  else await service.api('DELETE', path).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 1100));
}

/** A `client_credentials` request for the benchmark's resource and scopes, as load options. */
export function clientCredentialsRequest(baseUrl: string, id: string, secret: string) {
  return {
    url: `${baseUrl}/oidc/token`,
    method: 'POST' as const,
    headers: { authorization: basicAuth(id, secret), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      resource: INDICATOR,
      scope: SCOPE,
    }).toString(),
  };
}

/** Hostile requests to the OpenID Connect endpoints for the fuzz test. */

export interface OidcFuzzRequest {
  method: string;
  path: string;
  query?: string;
  body?: string;
  headers?: Record<string, string>;
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const json = { 'content-type': 'application/json' };
const basic = (credentials: string) => `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`;

// Raw, already percent-encoded form values.
const hostile = ['%00', 'a%00b', '%ED%A0%80', '%C0%80', 'x'.repeat(50_000), '%25'];

const exchangeType = 'urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Atoken-exchange';
const accessTokenType = 'urn%3Aietf%3Aparams%3Aoauth%3Atoken-type%3Aaccess_token';

export function oidcRequests(options: {
  client: { id: string; secret: string };
  resource: string;
}): OidcFuzzRequest[] {
  const { client } = options;
  const resource = encodeURIComponent(options.resource);
  const auth = { authorization: basic(`${client.id}:${client.secret}`), ...form };
  const requests: OidcFuzzRequest[] = [];
  const post = (path: string, body: string, headers: Record<string, string> = auth) =>
    requests.push({ method: 'POST', path, body, headers });

  for (const value of hostile) {
    post(
      '/oidc/token',
      `grant_type=authorization_code&code=${value}&redirect_uri=https%3A%2F%2Fx&code_verifier=${'v'.repeat(43)}`,
    );
    post('/oidc/token', `grant_type=refresh_token&refresh_token=${value}`);
    post('/oidc/token', `grant_type=client_credentials&resource=${value}&scope=all`);
    post('/oidc/token', `grant_type=client_credentials&resource=${resource}&scope=${value}`);
    post('/oidc/token', `grant_type=${value}`);
    post(
      '/oidc/token',
      `grant_type=${exchangeType}&subject_token=${value}&subject_token_type=${accessTokenType}&resource=${resource}`,
    );
    post(
      '/oidc/token',
      `grant_type=${exchangeType}&subject_token=sub_x&subject_token_type=${accessTokenType}&resource=${value}&actor_token=${value}`,
    );
    post('/oidc/token', `grant_type=client_credentials&client_id=${value}&client_secret=x`, form);
    post('/oidc/token/introspection', `token=${value}`);
    post('/oidc/token/introspection', `token=x&token_type_hint=${value}`);
    post('/oidc/token/revocation', `token=${value}`);
    post('/oidc/token/revocation', `token=x&token_type_hint=${value}`);
    post('/oidc/session/end/confirm', `xsrf=${value}&logout=yes`, form);
    for (const query of [
      `client_id=${value}`,
      `client_id=${client.id}&response_type=code&scope=openid&redirect_uri=${value}`,
      `client_id=${client.id}&response_type=code&scope=openid&redirect_uri=https%3A%2F%2Fx&state=${value}&code_challenge=${value}&code_challenge_method=S256`,
      `client_id=${client.id}&response_type=${value}&resource=${value}&prompt=${value}`,
    ]) {
      requests.push({ method: 'GET', path: '/oidc/auth', query });
    }
    requests.push({
      method: 'GET',
      path: '/oidc/session/end',
      query: `id_token_hint=${value}&client_id=${value}`,
    });
    requests.push({ method: 'GET', path: '/oidc/me', query: `access_token=${value}` });
    requests.push({ method: 'GET', path: `/oidc/${value.slice(0, 100)}` });
  }

  // Client credentials in the Basic header: NUL, a lone surrogate, malformed form-encoding.
  for (const credentials of [
    '%00:x',
    `${client.id}%00:x`,
    'a\u0000:b',
    '%E0%A4%A:x',
    `${client.id}:%E0%A4%A`,
    ':',
    '%ED%A0%80:x',
  ]) {
    const headers = { authorization: basic(credentials), ...form };
    post('/oidc/token', 'grant_type=client_credentials', headers);
    post('/oidc/token/introspection', 'token=x', headers);
    post('/oidc/token/revocation', 'token=x', headers);
  }
  // JSON bodies can carry lone surrogates, which percent-encoded UTF-8 cannot.
  for (const value of ['\u0000', '\ud800', 'x\udfffy']) {
    post('/oidc/token', JSON.stringify({ grant_type: 'client_credentials', resource: value }), {
      ...auth,
      ...json,
    });
    post('/oidc/token/introspection', JSON.stringify({ token: value }), { ...auth, ...json });
  }
  post('/oidc/token', 'x'.repeat(200_000));
  post('/oidc/token', '%', auth);
  requests.push({
    method: 'POST',
    path: '/oidc/token',
    query: 'x=%00',
    body: 'x'.repeat(200_000),
    headers: auth,
  });
  return requests;
}

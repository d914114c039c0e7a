import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, decodeProtectedHeader, type JWK } from 'jose';
import Provider from 'oidc-provider';
import { loginPage, postedAccount } from './upstream-login-page.js';

export interface UpstreamAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

/** How the next ID tokens are spoiled before they leave the token endpoint. */
export type Tamper = 'bad-signature' | 'wrong-audience' | 'wrong-nonce' | 'expired' | undefined;

export interface UpstreamIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, UpstreamAccount>;
  /**
   * The account the next authorization requests sign in as (no page: the interaction finishes at
   * once). Without it the provider shows a sign-in page asking for the account, as a browser sees.
   */
  signInAs(sub: string): void;
  tamper(mode: Tamper): void;
  /** Plain OAuth 2.0 profile endpoint (GitHub-like): `{id, mail, display_name}` for the bearer token. */
  profileUrl: string;
  close(): Promise<void>;
}

/**
 * A second, real OpenID Provider (oidc-provider) on a loopback port: the upstream identity
 * provider of social and SSO tests. It signs real ES256 ID tokens with its own key; `tamper`
 * re-signs them wrongly to test that Tessera refuses them.
 */
export async function startUpstreamIdp(redirectUris: string[]): Promise<UpstreamIdp> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const otherKey = (await generateKeyPair('ES256', { extractable: true })).privateKey;
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'upstream-key', alg: 'ES256', use: 'sig' };
  const accounts = new Map<string, UpstreamAccount>();
  let current: string | undefined;
  let tamperMode: Tamper;
  const clientId = 'tessera-upstream-client';
  const clientSecret = 'upstream-secret-0123456789abcdefghij';

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [jwk as never] },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      return account && { accountId: id, claims: () => ({ ...account }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    cookies: {
      keys: ['upstream-cookie-key'],
      names: { session: 'up_session', interaction: 'up_interaction', resume: 'up_resume' },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
  });

  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && body?.id_token && tamperMode) {
      ctx.body = { ...body, id_token: await spoil(body.id_token, tamperMode) };
    }
  });

  async function spoil(token: string, mode: NonNullable<Tamper>): Promise<string> {
    const claims = decodeJwt(token);
    const header = decodeProtectedHeader(token);
    const now = Math.floor(Date.now() / 1000);
    if (mode === 'wrong-audience') claims.aud = 'someone-else';
    if (mode === 'wrong-nonce') claims.nonce = 'not-the-nonce';
    if (mode === 'expired') Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
    const key = mode === 'bad-signature' ? otherKey : privateKey;
    return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: header.kid }).sign(key);
  }

  const callback = provider.callback();
  server.on('request', (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', issuer);
      if (url.pathname.startsWith('/interaction/')) {
        const details = await provider.interactionDetails(req, res);
        const accountId = current ?? (req.method === 'POST' ? await postedAccount(req) : undefined);
        if (!accountId || !accounts.has(accountId)) {
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(loginPage(url.pathname, accountId !== undefined));
          return;
        }
        const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } });
        return;
      }
      if (url.pathname === '/profile') {
        const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
        const token = await provider.AccessToken.find(bearer);
        const account = token && accounts.get(token.accountId);
        res.setHeader('content-type', 'application/json');
        if (!account) {
          res.statusCode = 401;
          res.end('{}');
          return;
        }
        res.end(JSON.stringify({ id: account.sub, mail: account.email, display_name: account.name }));
        return;
      }
      callback(req, res);
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  const idp: UpstreamIdp = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    profileUrl: `${issuer}/profile`,
    signInAs: (sub) => {
      current = sub;
    },
    tamper: (mode) => {
      tamperMode = mode;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  after(() => idp.close());
  return idp;
}

import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import type { Services } from '../app.js';
import { TOKEN_EXCHANGE_GRANT } from '../oidc/clients.js';

/** Registers the RFC 8693 token exchange grant on the provider. */
export function registerTokenExchange(provider: Provider, _services: Omit<Services, 'provider'>): void {
  provider.registerGrantType(TOKEN_EXCHANGE_GRANT, async () => {
    throw new errors.UnsupportedGrantType();
  });
}

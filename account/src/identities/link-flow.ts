/**
 * The round trip to a social provider: what the page keeps for the tab while the browser is away,
 * and the callback route it comes back to (same origin, under /account, so the page's CSP and
 * session hold).
 */
export const CALLBACK_PATH = '/account/identities/callback';
const PENDING_KEY = 'tessera-account-link';

export interface PendingLink {
  verificationRecordId: string;
  state: string;
  connectorId: string;
}

export const callbackUri = () => `${window.location.origin}${CALLBACK_PATH}`;

export function newState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function rememberLink(link: PendingLink): void {
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(link));
}

/** The pending link, taken out (a callback is handled once); nothing when none is kept. */
export function takePendingLink(): PendingLink | undefined {
  const kept = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (!kept) return undefined;
  try {
    return JSON.parse(kept) as PendingLink;
  } catch {
    return undefined;
  }
}

/** The provider's answer, the page's address put back to /account; `connectorData` when it matches the link. */
export function readCallback(link: PendingLink | undefined): Record<string, string> | undefined {
  const params = new URLSearchParams(window.location.search);
  window.history.replaceState(null, '', '/account');
  if (!link || params.get('state') !== link.state || !params.get('code')) return undefined;
  return Object.fromEntries(params);
}

import { unwrap } from '@shared/api/client';
import { api } from '../api';
import { start } from '../experience';

export type FederatedKind = 'social' | 'sso';

/** What the page keeps across the trip to the provider (this tab only). */
interface Pending {
  kind: FederatedKind;
  connectorId: string;
  verificationId: string;
  state: string;
}

const KEY = 'tessera-federated-sign-in';

/** The page's own callback address: the one registered at the provider. */
export const callbackUri = (kind: FederatedKind, connectorId: string) =>
  `${window.location.origin}/sign-in/callback/${kind === 'sso' ? 'sso/' : ''}${encodeURIComponent(connectorId)}`;

const randomState = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(24)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

/** Starts a sign-in at the connector's provider: the browser leaves for its authorization page. */
export async function startFederated(kind: FederatedKind, connectorId: string): Promise<void> {
  await start('SignIn');
  const body = { state: randomState(), redirectUri: callbackUri(kind, connectorId) };
  const params = { path: { connectorId } };
  const { authorizationUri, verificationId } =
    kind === 'sso'
      ? await unwrap(
          api.POST('/api/experience/verification/sso/{connectorId}/authorization-uri', { params, body }),
        )
      : await unwrap(
          api.POST('/api/experience/verification/social/{connectorId}/authorization-uri', { params, body }),
        );
  const pending: Pending = { kind, connectorId, verificationId, state: body.state };
  sessionStorage.setItem(KEY, JSON.stringify(pending));
  window.location.assign(authorizationUri);
}

/** The pending sign-in of this connector, removed so a reload cannot replay it. */
export function takePending(kind: FederatedKind, connectorId: string): Pending | undefined {
  const stored = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  try {
    const pending = stored ? (JSON.parse(stored) as Partial<Pending>) : undefined;
    if (pending?.kind !== kind || pending.connectorId !== connectorId) return undefined;
    if (typeof pending.verificationId !== 'string' || typeof pending.state !== 'string') return undefined;
    return pending as Pending;
  } catch {
    return undefined;
  }
}

/** The provider's callback parameters verified into an identity: the verification to identify with. */
export async function verifyCallback(pending: Pending, connectorData: Record<string, string>) {
  const params = { path: { connectorId: pending.connectorId } };
  const body = { verificationId: pending.verificationId, connectorData };
  const answer =
    pending.kind === 'sso'
      ? await unwrap(api.POST('/api/experience/verification/sso/{connectorId}/verify', { params, body }))
      : await unwrap(api.POST('/api/experience/verification/social/{connectorId}/verify', { params, body }));
  return answer.verificationId;
}

/** A connector's name in the page's language, else English, else any. */
export function localName(names: Record<string, string>, fallback: string, language: string): string {
  return names[language] ?? names[language.split('-')[0]!] ?? names.en ?? Object.values(names)[0] ?? fallback;
}

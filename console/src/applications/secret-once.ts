// The secret of an application just created is shown once, on the page it lands on; it is kept
// only in memory until that page has read it, never in storage.
const fresh = new Map<string, string>();

export function rememberSecret(appId: string, secret: string): void {
  if (secret) fresh.set(appId, secret);
}

export function peekSecret(appId: string): string | undefined {
  return fresh.get(appId);
}

export function forgetSecret(appId: string): void {
  fresh.delete(appId);
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { SigningKeyRing } from './key-ring.js';
import type { SigningKey } from './signing-keys.js';

export interface LiveProvider {
  /** The provider serving now; requests already inside an older one finish there. */
  readonly current: Provider;
  /** The Node request handler to mount under /oidc. */
  handle(req: IncomingMessage, res: ServerResponse): void;
}

/**
 * oidc-provider takes its signing keys at construction, so a change of the published keys builds
 * a new provider and swaps it in; everything it keeps (sessions, grants, codes) is in the database.
 */
export async function createLiveProvider(
  keys: SigningKeyRing,
  build: (published: SigningKey[]) => Promise<Provider>,
): Promise<LiveProvider> {
  let provider = await build(keys.keys);
  let handler = provider.callback();
  keys.onChange(async (published) => {
    const next = await build(published);
    provider = next;
    handler = next.callback();
  });
  return {
    get current() {
      return provider;
    },
    handle: (req, res) => void handler(req, res),
  };
}

/**
 * A browser as far as a sign-in needs one: a cookie jar (name, path) and manual redirects, so a
 * test sees every hop between the application, /oidc and the Experience API. A fresh instance is
 * a fresh browser session.
 */
export class Browser {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    const cookie = [...this.cookies.values()]
      .filter((c) => target.pathname === c.path || target.pathname.startsWith(c.path.replace(/\/?$/, '/')))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.store(line, target);
    return response;
  }

  /** Follows redirects until one leaves for `stopAt` (the client's redirect URI); returns that URL. */
  async followUntil(url: string | URL, stopAt: string): Promise<URL> {
    let next = new URL(url);
    for (let hop = 0; hop < 10; hop++) {
      if (next.href.startsWith(stopAt)) return next;
      const response = await this.fetch(next);
      await response.arrayBuffer();
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        throw new Error(`expected a redirect from ${next.href}, got ${response.status}`);
      }
      next = new URL(location, next);
    }
    throw new Error('too many redirects');
  }

  /** A JSON call with this browser's cookies; the body is parsed when there is one. */
  async call(base: string, method: string, path: string, body?: unknown) {
    const response = await this.fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any };
  }

  private store(line: string, origin: URL): void {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const separator = pair!.indexOf('=');
    const name = pair!.slice(0, separator);
    const value = pair!.slice(separator + 1);
    let path = origin.pathname.replace(/\/[^/]*$/, '') || '/';
    let expired = value === '';
    for (const attribute of attributes) {
      const [key, attributeValue = ''] = attribute.split('=');
      const lower = key!.toLowerCase();
      if (lower === 'path') path = attributeValue;
      if (lower === 'max-age' && Number(attributeValue) <= 0) expired = true;
      if (lower === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true;
    }
    const key = `${name};${path}`;
    if (expired) this.cookies.delete(key);
    else this.cookies.set(key, { name, value, path });
  }
}

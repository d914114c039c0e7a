/**
 * Code evaluated inside QuickJS before the operator's script. The host hands it its two
 * capabilities and they are kept in closures only, so the script cannot reach them directly. It
 * returns the runner: one JSON text in (`token`, `context`, `environmentVariables`) and the
 * script's function (from a warm realm; a fresh runtime passes none and the runner finds the
 * script's global), the claims as one JSON text out. A fresh runtime compiles this on every run,
 * so it stays short; `fetch` is compiled only when read.
 */
export const preludeSource = `(function (hostDeny, loadFetch) {
  const noop = () => {};
  globalThis.console = { log: noop, info: noop, warn: noop, error: noop, debug: noop };
  const setFetch = (value) => Object.defineProperty(globalThis, 'fetch',
    { value, writable: true, enumerable: true, configurable: true });
  Object.defineProperty(globalThis, 'fetch',
    { get: () => setFetch(loadFetch()).fetch, set: setFetch, enumerable: true, configurable: true });
  const api = Object.freeze({
    denyAccess(message) {
      throw new Error(hostDeny(message === undefined ? 'Access denied' : String(message)));
    },
  });
  return async (inputJson, scriptFunction) => {
    const claimsOf = scriptFunction ?? (typeof getCustomJwtClaims === 'function' ? getCustomJwtClaims : undefined);
    if (typeof claimsOf !== 'function')
      throw new TypeError('the script must define a function getCustomJwtClaims');
    const claims = await claimsOf({ ...JSON.parse(inputJson), api });
    if (claims == null) return '{}';
    if (typeof claims !== 'object' || Array.isArray(claims))
      throw new TypeError('getCustomJwtClaims must return an object');
    return JSON.stringify(claims);
  };
})`;

/** The script's `fetch`, built around the host's on first use. */
export const fetchSource = `(function (hostFetch) {
  const toHeaders = (record) => ({
    get: (name) => record[String(name).toLowerCase()] ?? null,
    has: (name) => String(name).toLowerCase() in record,
    entries: () => Object.entries(record),
  });
  return async function fetch(url, init) {
    const options = init ? JSON.stringify({
      method: init.method, headers: init.headers, body: init.body,
    }) : '{}';
    const raw = JSON.parse(await hostFetch(String(url), options));
    return {
      ok: raw.status >= 200 && raw.status < 300,
      status: raw.status,
      statusText: raw.statusText,
      url: String(url),
      headers: toHeaders(raw.headers),
      text: async () => raw.body,
      json: async () => JSON.parse(raw.body),
    };
  };
})`;

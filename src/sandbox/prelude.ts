/**
 * Code evaluated inside QuickJS around the operator's script. The host hands the prelude its two
 * capabilities once and they are kept in closures only, so the script cannot reach them directly.
 */
export const preludeSource = `(function (hostFetch, hostDeny) {
  const toHeaders = (record) => ({
    get: (name) => record[String(name).toLowerCase()] ?? null,
    has: (name) => String(name).toLowerCase() in record,
    entries: () => Object.entries(record),
  });
  globalThis.fetch = async function fetch(url, init) {
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
  const noop = () => undefined;
  globalThis.console = { log: noop, info: noop, warn: noop, error: noop, debug: noop };
  return Object.freeze({
    denyAccess(message) {
      const text = message === undefined ? 'Access denied' : String(message);
      hostDeny(text);
      throw new Error(text);
    },
  });
})`;

/** Calls the operator's function and returns its claims as JSON text. */
export const runnerSource = `(async function (inputJson, api) {
  if (typeof getCustomJwtClaims !== 'function') {
    throw new TypeError('the script must define a function getCustomJwtClaims');
  }
  const claims = await getCustomJwtClaims({ ...JSON.parse(inputJson), api });
  if (claims === undefined || claims === null) return '{}';
  if (typeof claims !== 'object' || Array.isArray(claims)) {
    throw new TypeError('getCustomJwtClaims must return an object');
  }
  return JSON.stringify(claims);
})`;

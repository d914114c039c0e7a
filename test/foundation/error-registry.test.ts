import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { codeOf, errorRegistry, type ErrorKey } from '../../src/http/error-registry.js';

const compatibility = readFileSync(path.join(process.cwd(), 'docs', 'compatibility.md'), 'utf8');

/** Code → statuses, as the registry answers them (variants of one code merged). */
function registryStatuses(): Map<string, Set<string>> {
  const statuses = new Map<string, Set<string>>();
  for (const [key, entry] of Object.entries(errorRegistry)) {
    const code = codeOf(key as ErrorKey);
    statuses.set(code, (statuses.get(code) ?? new Set()).add(String(entry.status)));
  }
  return statuses;
}

/** Code → statuses, as the "Error codes" table of docs/compatibility.md lists them. */
function documentedStatuses(): Map<string, Set<string>> {
  const section = compatibility.split(/^## Error codes$/m)[1]?.split(/^## /m)[0] ?? '';
  const statuses = new Map<string, Set<string>>();
  for (const [, code, cell] of section.matchAll(/^\| `([^`]+)` +\| ([^|]+?) +\|/gm)) {
    assert.ok(!statuses.has(code!), `${code} is listed twice`);
    statuses.set(code!, new Set(cell!.split(', ')));
  }
  return statuses;
}

// Dotted names the document quotes that are not error codes: a connector form key, a setting.
const notErrorCodes = new Set(['auth.pass', 'rejects.pwned']);

// oidc-provider's own registry: the OIDC endpoints answer its RFC errors as `oidc.<error>`.
const oauthErrors = [
  'access_denied',
  'invalid_client',
  'invalid_grant',
  'invalid_request',
  'invalid_scope',
  'invalid_target',
  'unauthorized_client',
  'unsupported_grant_type',
];
const oidcProviderCodes = new Set(oauthErrors.map((error) => `oidc.${error}`));

describe('the error registry and docs/compatibility.md', () => {
  it('lists every code of the registry with the same statuses', () => {
    const documented = documentedStatuses();
    for (const [code, statuses] of registryStatuses()) {
      assert.deepEqual(documented.get(code), statuses, `${code} in docs/compatibility.md`);
    }
  });

  it('lists no code the registry does not have', () => {
    const registered = registryStatuses();
    for (const code of documentedStatuses().keys())
      assert.ok(registered.has(code), `${code} in the registry`);
  });

  it('names only registered codes anywhere in the document', () => {
    const registered = registryStatuses();
    const named = [...compatibility.matchAll(/`([a-z_]+(?:\.[a-z_]+)+)`/g)].map(([, code]) => code!);
    assert.ok(named.length > registered.size, 'the document names codes');
    for (const code of named) {
      if (notErrorCodes.has(code) || oidcProviderCodes.has(code)) continue;
      assert.ok(registered.has(code), `${code} is named in docs/compatibility.md but not in the registry`);
    }
  });

  it('keeps a variant to its code: the part after `#` names where, never another code', () => {
    for (const key of Object.keys(errorRegistry)) {
      assert.match(key, /^[a-z_]+(\.[a-z_]+)*(#[a-z_]+)?$/, key);
    }
  });
});

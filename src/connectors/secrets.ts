import { apiError } from '../http/error-registry.js';

/** What a secret reads as through the API; sending it back keeps the stored value. */
export const MASK = '******';

type Config = Record<string, unknown>;

/** A config's write-only secrets and the members that say where those secrets are sent. */
export interface SecretPolicy {
  /** Dotted paths of the config's secrets: written through the API, never read back. */
  secrets: readonly string[];
  /**
   * Dotted paths of every member naming where the secrets go (endpoint, issuer, token URL, SMTP
   * host…): a stored secret is reused only while all of them are unchanged.
   */
  destinations: readonly string[];
}

function get(config: Config, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Config | undefined)?.[key], config);
}

function set(config: Config, path: string, value: unknown): Config {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  if (rest.length === 0) return { ...config, [head]: value };
  const child = config[head];
  if (typeof child !== 'object' || child === null) return config;
  return { ...config, [head]: set(child as Config, rest.join('.'), value) };
}

/** A nested secret (`auth.pass`) can only be kept where its object (`auth`) is still sent. */
function hasParent(config: Config, path: string): boolean {
  const parent = path.split('.').slice(0, -1);
  if (parent.length === 0) return true;
  const node = get(config, parent.join('.'));
  return typeof node === 'object' && node !== null;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The config as the API shows it: every secret that is set reads as the mask. */
export function maskSecrets(config: Config, secrets: readonly string[]): Config {
  return secrets.reduce((masked, path) => (get(masked, path) ? set(masked, path, MASK) : masked), config);
}

export const secretRequired = (secrets: readonly string[], changed: readonly string[]) =>
  apiError('connector.secret_required', { secrets, changed });

/**
 * A new config where secrets left out or sent back masked keep their stored values, but only
 * while every destination is unchanged: otherwise `400 connector.secret_required`, so a caller who
 * never read a secret cannot have it sent somewhere new (and read it there).
 */
export function keepStoredSecrets(incoming: Config, stored: Config, policy: SecretPolicy): Config {
  const kept = policy.secrets.filter((path) => {
    const value = get(incoming, path);
    return (
      (value === undefined || value === MASK) && get(stored, path) !== undefined && hasParent(incoming, path)
    );
  });
  if (kept.length === 0) return incoming;
  const changed = policy.destinations.filter((path) => !same(get(incoming, path), get(stored, path)));
  if (changed.length > 0) throw secretRequired(kept, changed);
  return kept.reduce((merged, path) => set(merged, path, get(stored, path)), incoming);
}

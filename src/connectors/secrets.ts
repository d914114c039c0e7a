/** What a secret reads as through the API; sending it back keeps the stored value. */
export const MASK = '******';

type Config = Record<string, unknown>;

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

/** The config as the API shows it: every secret that is set reads as the mask. */
export function maskSecrets(config: Config, secrets: readonly string[]): Config {
  return secrets.reduce((masked, path) => (get(masked, path) ? set(masked, path, MASK) : masked), config);
}

/** A new config where secrets left out or sent back masked keep their stored values. */
export function keepStoredSecrets(incoming: Config, stored: Config, secrets: readonly string[]): Config {
  return secrets.reduce((merged, path) => {
    const value = get(merged, path);
    const previous = get(stored, path);
    return (value === undefined || value === MASK) && previous !== undefined
      ? set(merged, path, previous)
      : merged;
  }, incoming);
}

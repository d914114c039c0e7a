import type { FormItem } from './queries';

export type Values = Record<string, string | boolean>;
type Config = Record<string, unknown>;

/** What the service sends for a secret that is set (`/api/connectors` masks it). */
export const MASK = '******';

export function getPath(config: Config, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Config | undefined)?.[key], config);
}

function setPath(config: Config, path: string, value: unknown): void {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  if (rest.length === 0) {
    config[head] = value;
    return;
  }
  const child = (config[head] ??= {}) as Config;
  setPath(child, rest.join('.'), value);
}

function deletePath(config: Config, path: string): void {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  if (rest.length === 0) delete config[head];
  else if (typeof config[head] === 'object' && config[head] !== null) {
    deletePath(config[head] as Config, rest.join('.'));
    if (Object.keys(config[head] as Config).length === 0) delete config[head];
  }
}

/** The form's starting values: the stored config where there is one, else the items' defaults. */
export function initialValues(items: readonly FormItem[], config?: Config): Values {
  const values: Values = {};
  for (const item of items) {
    const stored = config ? getPath(config, item.key) : undefined;
    if (item.isConfidential) values[item.key] = '';
    else if (item.type === 'Switch') values[item.key] = Boolean(stored ?? item.defaultValue ?? false);
    else if (item.type === 'Json')
      values[item.key] = stored === undefined ? '' : JSON.stringify(stored, null, 2);
    else values[item.key] = String(stored ?? item.defaultValue ?? '');
  }
  return values;
}

/** Which secrets the service holds: those it answers masked. */
export function secretsSet(items: readonly FormItem[], config?: Config): Set<string> {
  return new Set(
    items
      .filter((item) => item.isConfidential && config && getPath(config, item.key) === MASK)
      .map((i) => i.key),
  );
}

/**
 * The config to send: members no form item covers (templates, say) stay as stored, empty inputs
 * are left out, and a secret only goes out when a new value was typed (the service keeps the
 * stored one otherwise).
 */
export function buildConfig(items: readonly FormItem[], values: Values, stored: Config = {}): Config {
  const config = structuredClone(stored);
  for (const item of items) deletePath(config, item.key);
  for (const item of items) {
    const value = values[item.key];
    if (item.type === 'Switch') {
      if (value === true) setPath(config, item.key, true);
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') continue;
    if (item.type === 'Number') setPath(config, item.key, Number(text));
    else if (item.type === 'Json') setPath(config, item.key, parseJson(item.label, text));
    else setPath(config, item.key, text);
  }
  return config;
}

function parseJson(label: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${label} is not valid JSON.`);
  }
}

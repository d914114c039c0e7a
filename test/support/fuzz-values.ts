/** Inputs for the fuzz test: a seeded generator, values that break schemas, and valid samples. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonSchema = any;

/** mulberry32: a small seeded generator, so every run sends the same requests. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** `count` distinct members of `values`, in a seeded order. */
  const pick = <T>(values: readonly T[], count: number): T[] => {
    const copy = [...values];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, count);
  };
  return { next, pick };
}

const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: [nested(depth - 1)] });

/** JSON values in place of a body member: each breaks a schema, a bound or the database. */
export const hostileValues: readonly unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  'x'.repeat(200_000),
  '',
  ' ',
  '%00',
  '8640000000000001',
  -1,
  0,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  8_640_000_000_000_001,
  -8_640_000_000_000_001,
  null,
  true,
  [],
  {},
  ['\u0000'],
  ['x'.repeat(10_000)],
  Array.from({ length: 5000 }, (_, i) => `v${i}`),
  { '\u0000': 'x' },
  { key: '\u0000' },
  { '\ud800': 1 },
  nested(40),
];

/** Raw (already percent-encoded) values for path segments and query parameters. */
export const hostileParams: readonly string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80', // a UTF-16 surrogate encoded as UTF-8: invalid
  '%C0%80', // an overlong NUL
  'x'.repeat(4000),
  '-1',
  '0',
  '1.5',
  '1e309',
  '8640000000000001',
  '-8640000000000001',
  '99999999999999999999999',
  '2147483648',
  'null',
  '%5B%5D',
  '..',
  '%25',
  '%F0%9F%98%80',
];

/** A value that satisfies `schema` as far as a generic sampler can; `hint` names the member. */
export function sample(
  schema: JsonSchema,
  hint: string,
  ids: (hint: string) => string[] | undefined,
): unknown {
  if (!schema || typeof schema !== 'object') return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf ?? schema.oneOf) {
    const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[];
    return sample(options.find((o) => o.type !== 'null') ?? options[0], hint, ids);
  }
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s: JsonSchema) => sample(s, hint, ids)));
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)
          .filter(([name]) => (schema.required ?? []).includes(name))
          .map(([name, member]) => [name, sample(member, name, ids)]),
      );
    case 'array': {
      const known = ids(hint);
      if (known?.length) return known.slice(0, 1);
      return schema.minItems ? [sample(schema.items, hint, ids)] : [];
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'string':
      return sampleString(schema, hint, ids);
    default:
      return 'x';
  }
}

let counter = 0;

function sampleString(schema: JsonSchema, hint: string, ids: (hint: string) => string[] | undefined) {
  const known = ids(hint);
  if (known?.length) return known[0];
  const n = ++counter;
  const candidates = [
    `fuzz_${n}`,
    `fuzz${n}@example.com`,
    `https://fuzz${n}.example.com/x`,
    `+1415555${String(n).padStart(4, '0')}`,
    `fuzz${n}.example.com`,
    new Date(Date.now() + 86_400_000).toISOString(),
    String(n),
  ];
  const fits = (value: string) =>
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(value)) &&
    value.length >= (schema.minLength ?? 0) &&
    value.length <= (schema.maxLength ?? Infinity);
  const preferred =
    schema.format === 'email' ? 1 : schema.format === 'uri' || schema.format === 'url' ? 2 : 0;
  const ordered = [candidates[preferred]!, ...candidates];
  return ordered.find(fits) ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

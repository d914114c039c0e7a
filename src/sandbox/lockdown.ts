/**
 * Freezes everything a script can reach without the host: the global object and, through it and
 * through syntax, every intrinsic and prototype (iterators, generators and async functions have
 * prototypes no global names). In a frozen realm a run cannot leave state for the next one, so a
 * warm realm can serve many runs. Returns how many objects it froze.
 */
export const lockdownSource = `(function () {
  const frozen = new Set();
  const freeze = (value) => {
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return;
    if (frozen.has(value)) return;
    frozen.add(value);
    Object.freeze(value);
    freeze(Object.getPrototypeOf(value));
    for (const key of Reflect.ownKeys(value)) {
      const property = Object.getOwnPropertyDescriptor(value, key);
      if ('value' in property) freeze(property.value);
      else (freeze(property.get), freeze(property.set));
    }
  };
  const hidden = [
    function* () {}, async function () {}, async function* () {}, async () => {},
    [][Symbol.iterator](), new Map().entries(), new Set().values(), ''[Symbol.iterator](),
    'a'.matchAll(/a/g), (function* () {})(), (async function* () {})(), Promise.resolve(),
    new Error(), /a/, new Date(0), new Map(), new Set(), new WeakMap(), new WeakSet(),
  ];
  [globalThis, ...hidden].forEach((value) => freeze(Object.getPrototypeOf(value)));
  freeze(globalThis);
  return frozen.size;
})()`;

/**
 * The operator's script as a function of a warm realm: each call runs the script's top level
 * anew (fresh top-level bindings for every run) in strict mode, where a write to the frozen realm
 * throws instead of failing silently, and returns its `getCustomJwtClaims`.
 */
export function scriptFactorySource(script: string): string {
  return `(function () { 'use strict';\n${script}\n;return typeof getCustomJwtClaims === 'function' ? getCustomJwtClaims : undefined; })`;
}

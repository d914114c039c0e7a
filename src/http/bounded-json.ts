import { z } from 'zod';

/** How deep and how large a free-form JSON member (custom data, a context, a sample) may be. */
export interface JsonLimits {
  maxDepth: number;
  maxBytes: number;
}

export const JSON_MEMBER_LIMITS: JsonLimits = { maxDepth: 32, maxBytes: 64 * 1024 };

/**
 * Why `value` exceeds the limits, if it does. Depth is measured without recursion and before
 * anything serialises the value, since `JSON.stringify` of a deep enough value throws.
 */
export function jsonBoundsProblem(value: unknown, limits: JsonLimits): string | undefined {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > limits.maxDepth) return `must not be nested deeper than ${limits.maxDepth} levels`;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  if (Buffer.byteLength(JSON.stringify(value)) > limits.maxBytes) {
    return `must serialise to at most ${limits.maxBytes} bytes`;
  }
  return undefined;
}

/**
 * A free-form JSON object in a request (custom data and the like): arrays and scalars are
 * refused, and so is anything deeper or larger than `limits` (400 like any invalid input).
 */
export function boundedJsonObject(limits: JsonLimits = JSON_MEMBER_LIMITS) {
  return z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    const problem = jsonBoundsProblem(value, limits);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

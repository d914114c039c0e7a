import type { FastifyRequest } from 'fastify';
import { invalidInput } from './errors.js';

// Deeper JSON than any route takes (free-form members are bounded at 32 levels below the body by
// bounded-json.ts); bounds the walk here and the serialisation of stored JSON.
const maxDepth = 64;

export interface UnstorableText {
  /** Where, as `body.name` or `query.search`. */
  path: string;
  problem: string;
}

/**
 * The first string (value or member name) PostgreSQL cannot store in a text or jsonb column: a NUL
 * character, or a lone UTF-16 surrogate (not valid Unicode, so not valid UTF-8 either); or JSON
 * nested more deeply than any input needs. Iterative, so no input can exhaust the stack.
 */
export function findUnstorableText(value: unknown, root: string): UnstorableText | undefined {
  const stack: Array<[unknown, string, number]> = [[value, root, 0]];
  while (stack.length > 0) {
    const [current, path, depth] = stack.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return { path, problem };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= maxDepth) return { path, problem: `is nested more than ${maxDepth} levels deep` };
    for (const [key, member] of Object.entries(current)) {
      const memberPath = Array.isArray(current) ? `${path}[${key}]` : `${path}.${key}`;
      const problem = textProblem(key);
      if (problem) return { path: memberPath, problem: `has a member name that ${problem}` };
      stack.push([member, memberPath, depth + 1]);
    }
  }
  return undefined;
}

// Without the `u` flag the pattern sees UTF-16 code units: a high surrogate not followed by a low
// one, or a low one not preceded by a high one.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'contains a NUL character';
  if (loneSurrogate.test(text)) return 'contains a lone UTF-16 surrogate';
  return undefined;
}

/**
 * A global `preValidation` hook: every route, with or without a schema, refuses what the database
 * could not store with 400 `guard.invalid_input` before its own validation runs.
 */
export async function refuseUnstorableInput(request: FastifyRequest): Promise<void> {
  const found =
    findUnstorableText(request.params, 'params') ??
    findUnstorableText(request.query, 'query') ??
    findUnstorableText(request.body, 'body');
  if (found) throw invalidInput(`Invalid ${found.path}: ${found.problem}.`, { path: found.path });
}

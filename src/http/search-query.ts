import { z } from 'zod';
import type { ApiError } from './errors.js';
import { apiError } from './error-registry.js';

/**
 * Logto's search query language: `search` (every field) and `search.<field>`, each matched by
 * `mode` / `mode.<field>` (`like` by default, the value a LIKE pattern with `%` wildcards),
 * combined with `joint` (`or` by default), case-insensitive unless `isCaseSensitive=true`.
 */
export const matchModes = ['exact', 'like', 'similar_to', 'posix'] as const;
export type MatchMode = (typeof matchModes)[number];
export const jointModes = ['or', 'and'] as const;

export interface SearchMatch {
  /** Undefined for a plain `search`, which looks in every searchable field. */
  field?: string;
  mode: MatchMode;
  values: string[];
}

export interface Search {
  matches: SearchMatch[];
  joint: (typeof jointModes)[number];
  isCaseSensitive: boolean;
}

const invalid = (message: string) => apiError('request.invalid_input', { message });

function oneOf<T extends string>(allowed: readonly T[], value: string, what: string): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw invalid(`${what} \`${value}\` is not valid, expect one of ${allowed.join(', ')}.`);
  }
  return value as T;
}

/** `search` → undefined, `search.name` → `name`; deeper paths and unknown fields are refused. */
function fieldOf(key: string, fields: readonly string[]): string | undefined {
  const [, field, ...rest] = key.split('.');
  if (rest.length > 0) throw invalid(`Nested search field \`${key}\` is not supported.`);
  if (field === undefined) return undefined;
  return oneOf(fields, field, 'Search field');
}

/**
 * A key that looks like a search but is not one (`search_params[search.username]`, openapi-fetch's
 * deepObject style, or `searchText`) is refused: ignoring it, as Logto does, lists everyone, and
 * a find-then-delete script would then delete everyone. Other unknown keys stay ignored.
 */
function unrecognised(key: string, fields: readonly string[]): ApiError {
  return apiError('guard.invalid_input#search_key', { key, fields });
}

function flag(value: string | null): boolean {
  if (value === null || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw invalid(`isCaseSensitive must be true or false, not \`${value}\`.`);
}

/** Reads the search out of a request URL's query; throws 400 `request.invalid_input` for bad input. */
export function parseSearch(url: string, fields: readonly string[]): Search {
  const params = new URL(url, 'http://localhost').searchParams;
  const modes = new Map<string | undefined, MatchMode>();
  const values = new Map<string | undefined, string[]>();
  for (const [key, value] of params) {
    if (value.includes('\0')) throw invalid(`\`${key}\` contains a NUL character.`);
    const isSearch = key === 'search' || key.startsWith('search.');
    const isMode = key === 'mode' || key.startsWith('mode.');
    if (!isSearch && !isMode && /^(search|mode)/.test(key)) throw unrecognised(key, fields);
    if (isMode) modes.set(fieldOf(key, fields), oneOf(matchModes, value, 'Search match mode'));
    if (isSearch) {
      const field = fieldOf(key, fields);
      values.set(field, [...(values.get(field) ?? []), value]);
    }
  }
  const isCaseSensitive = flag(params.get('isCaseSensitive'));
  const matches = [...values].map(([field, list]): SearchMatch => {
    const mode = modes.get(field) ?? modes.get(undefined) ?? 'like';
    if (list.some((value) => value === '')) throw invalid('A search value cannot be empty.');
    if (mode !== 'exact' && list.length > 1) {
      throw invalid('Only one search value is allowed per field when the mode is not `exact`.');
    }
    if (mode === 'similar_to' && !isCaseSensitive) {
      throw invalid('`similar_to` matching is case-sensitive only: add isCaseSensitive=true.');
    }
    return { field, mode, values: list };
  });
  const joint = oneOf(
    jointModes,
    params.get('joint') ?? params.get('jointMode') ?? 'or',
    'Search joint mode',
  );
  return { matches, joint, isCaseSensitive };
}

const searchValue = z.union([z.string(), z.array(z.string())]);
/** The documented members of Logto's search; `search.<field>` and `mode.<field>` are read from the URL. */
export const searchQuery = z.object({
  search: searchValue.optional().describe('A LIKE pattern (`%` wildcards) matched against every field'),
  mode: z.enum(matchModes).optional(),
  joint: z.enum(jointModes).optional(),
  jointMode: z.enum(jointModes).optional(),
  isCaseSensitive: z.enum(['true', 'false', '1', '0']).optional(),
});

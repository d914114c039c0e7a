import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { apiError } from '../http/error-registry.js';
import type { Search, SearchMatch } from '../http/search-query.js';

/** Searchable fields of one query, each naming the column it reads (`'u.primary_email'`). */
export type SearchColumns = Record<string, string>;

function compare(
  column: string,
  { mode, values }: SearchMatch,
  isCaseSensitive: boolean,
): RawBuilder<SqlBool> {
  const ref = sql.ref(column);
  const [value] = values;
  switch (mode) {
    case 'exact':
      return isCaseSensitive
        ? sql<SqlBool>`${ref} in (${sql.join(values)})`
        : sql<SqlBool>`lower(${ref}) in (${sql.join(values.map((v) => v.toLowerCase()))})`;
    case 'like':
      return isCaseSensitive ? sql<SqlBool>`${ref} like ${value}` : sql<SqlBool>`${ref} ilike ${value}`;
    case 'similar_to':
      return sql<SqlBool>`${ref} similar to ${value}`;
    case 'posix':
      return isCaseSensitive ? sql<SqlBool>`${ref} ~ ${value}` : sql<SqlBool>`${ref} ~* ${value}`;
  }
}

/** The WHERE condition of a parsed search, or undefined when it matches everything. */
export function searchCondition(search: Search, columns: SearchColumns): Expression<SqlBool> | undefined {
  if (search.matches.length === 0) return undefined;
  const conditions = search.matches.map((match) => {
    const targets = match.field === undefined ? Object.values(columns) : [columns[match.field]!];
    return sql<SqlBool>`(${sql.join(
      targets.map((column) => compare(column, match, search.isCaseSensitive)),
      sql` or `,
    )})`;
  });
  return sql<SqlBool>`(${sql.join(conditions, search.joint === 'and' ? sql` and ` : sql` or `)})`;
}

// invalid_regular_expression, invalid_escape_sequence, invalid_escape_character: the pattern's fault.
const patternErrors = new Set(['2201B', '22025', '22019']);

/** Runs a search query; a pattern the database cannot compile is the client's 400, not a 500. */
export async function runSearch<T>(query: () => Promise<T>): Promise<T> {
  try {
    return await query();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && patternErrors.has(code)) {
      throw apiError('request.invalid_input', { message: 'The search pattern is not valid.' });
    }
    throw error;
  }
}

import { sql, type RawBuilder } from 'kysely';
import { json } from './json.js';

/*
 * Rows handed to a prepared statement as one JSON array parameter, each row a `jsonb` element.
 * The array is built by a subquery, which PostgreSQL estimates at 10 rows whatever its length, so
 * no plan knows how many rows came. With `unnest` of array parameters the plan for a run's values
 * counted them and, for a few rows, looked cheaper than the generic plan's guess: PostgreSQL then
 * planned every run anew, which cost more than running it. (`jsonb_to_recordset` is estimated at
 * 100 rows, enough for a generic plan to scan a small table whole.)
 */

/** The rows of the statement parameter named by `parameter` (e.g. `$1`), as SQL text. */
export function jsonRowsFromParameter(parameter: string): string {
  return `unnest(ARRAY(SELECT jsonb_array_elements(${parameter}::jsonb)))`;
}

/** `rows`, bound as one parameter, for a `sql` template. */
export function jsonRows(rows: readonly object[]): RawBuilder<unknown> {
  return sql`unnest(ARRAY(SELECT jsonb_array_elements(${json(rows)}::jsonb)))`;
}

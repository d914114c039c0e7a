import type { SelectQueryBuilder } from 'kysely';

export interface PageBounds {
  limit: number;
  offset: number;
}

/**
 * One page of a filtered query and the total it pages through, both read at once: `rows`
 * selects and orders (a unique last sort key keeps pages from overlapping), the page bounds and
 * the count are added here.
 */
export async function pageWithTotal<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, object>,
  rows: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  { limit, offset }: PageBounds,
): Promise<{ total: number; rows: O[] }> {
  const [count, page] = await Promise.all([
    query
      .select((eb) => eb.fn.countAll<string>().as('total'))
      // Generic over the table, Kysely cannot name the selection; it is exactly this.
      .$castTo<{ total: string }>()
      .executeTakeFirstOrThrow(),
    rows(query).limit(limit).offset(offset).execute(),
  ]);
  return { total: Number(count.total), rows: page };
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from './Alert';
import { Table, type Column } from './Table';

export type { Column };

export const PAGE_SIZE = 20;

export interface PagedTableProps<T> {
  caption: string;
  queryKey: readonly unknown[];
  load: (page: number, pageSize: number) => Promise<{ items: T[]; total: number }>;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  empty?: string;
}

/**
 * A table over one paged list of the API: the page is part of the query key, the total comes
 * from `Total-Number`, and Previous/Next move through it.
 */
export function PagedTable<T>({
  caption,
  queryKey,
  load,
  columns,
  rowKey,
  empty = 'Nothing here yet.',
}: PagedTableProps<T>) {
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: [...queryKey, { page }], queryFn: () => load(page, PAGE_SIZE) });
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div className="table-wrap">
      <Alert error={query.error} />
      <Table caption={caption} columns={columns} rows={query.data?.items} rowKey={rowKey} empty={empty} />
      <nav className="pager" aria-label={`${caption} pages`}>
        <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous page
        </button>
        <span>
          Page {page} of {pages} ({total} in all)
        </span>
        <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          Next page
        </button>
      </nav>
    </div>
  );
}

import { useState } from 'react';
import { Field } from './Field';
import { PagedTable, type PagedTableProps } from './PagedTable';

/**
 * A search box over a paged table: the term is part of the query key, so each search starts
 * its own paging; `load` gets the term ('' for none).
 */
export function SearchableTable<T>({
  searchLabel,
  load,
  queryKey,
  ...table
}: Omit<PagedTableProps<T>, 'load'> & {
  searchLabel: string;
  load: (page: number, pageSize: number, search: string) => Promise<{ items: T[]; total: number }>;
}) {
  const [search, setSearch] = useState('');
  return (
    <>
      <Field label={searchLabel} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      <PagedTable
        {...table}
        queryKey={[...queryKey, 'list', { search }]}
        load={(page, pageSize) => load(page, pageSize, search)}
      />
    </>
  );
}

import { z } from 'zod';
import { Field } from './Field';
import { PagedTable, type PagedTableProps } from './PagedTable';
import { useZodForm } from './useZodForm';

const searchForm = z.object({ search: z.string() });

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
  const form = useZodForm(searchForm, { search: '' });
  const search = form.watch('search');
  return (
    <>
      <Field label={searchLabel} type="search" {...form.register('search')} />
      <PagedTable
        {...table}
        queryKey={[...queryKey, 'list', { search }]}
        load={(page, pageSize) => load(page, pageSize, search)}
      />
    </>
  );
}

import type { ReactNode } from 'react';
import { SearchableTable } from './SearchableTable';

/** A list page: its heading, the form that creates an item, then the searchable, paged table. */
export function ListPage<T>({
  title,
  create,
  listHeading,
  children,
  ...table
}: Parameters<typeof SearchableTable<T>>[0] & {
  title: string;
  create: ReactNode;
  listHeading?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <h1>{title}</h1>
      {create}
      {listHeading ? <h2>{listHeading}</h2> : null}
      <SearchableTable {...table} />
      {children}
    </>
  );
}

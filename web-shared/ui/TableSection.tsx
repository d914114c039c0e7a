import type { ReactNode } from 'react';
import { Alert } from './Alert';
import { Table, type Column } from './Table';

/**
 * A panel of one related list (an organization's members, its invitations): heading, table,
 * the form that adds to it, and the first error of its query and actions.
 */
export function TableSection<T>({
  id,
  title,
  rows,
  columns,
  rowKey,
  error,
  children,
}: {
  id: string;
  title: string;
  rows: readonly T[] | undefined;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  error: unknown;
  children: ReactNode;
}) {
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <Table caption={title} columns={columns} rows={rows} rowKey={rowKey} />
      {children}
      <Alert error={error} />
    </section>
  );
}

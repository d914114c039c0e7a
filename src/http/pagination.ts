import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * `?page=1&page_size=20`, as Logto's management API pages. Most lists answer every row unless a
 * parameter is given (with one, the other takes its default); the organization family's lists page
 * by default, as Logto's do (`Paging` `'default'`).
 */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  page_size: z.coerce.number().int().min(1).max(100).optional(),
});

export type PageQuery = z.infer<typeof pageQuery>;

const defaultPageSize = 20;
// PostgreSQL's LIMIT is a bigint: this reads as "no limit" to every repository's `.limit()`.
const everyRow = Number.MAX_SAFE_INTEGER;

/** `optional`: every row unless asked to page; `default`: 20 rows per page unless told otherwise. */
export type Paging = 'optional' | 'default';

const isPaged = (query: PageQuery, paging: Paging) =>
  paging === 'default' || query.page !== undefined || query.page_size !== undefined;

export function pageBounds(query: PageQuery, paging: Paging = 'optional'): { limit: number; offset: number } {
  if (!isPaged(query, paging)) return { limit: everyRow, offset: 0 };
  const size = query.page_size ?? defaultPageSize;
  return { limit: size, offset: ((query.page ?? 1) - 1) * size };
}

function pageLinks(url: URL, page: number, last: number): string {
  const link = (target: number, rel: string) => {
    const href = new URL(url);
    href.searchParams.set('page', String(target));
    return `<${href.pathname}${href.search}>; rel="${rel}"`;
  };
  return [
    link(1, 'first'),
    ...(page > 1 ? [link(Math.min(page - 1, last), 'prev')] : []),
    ...(page < last ? [link(page + 1, 'next')] : []),
    link(last, 'last'),
  ].join(', ');
}

/**
 * The total count travels in the `Total-Number` header, the page itself as the body; a paged
 * request also gets RFC 8288 `Link` headers to the first, previous, next and last pages.
 */
export function sendTotal(
  reply: FastifyReply,
  total: number | bigint | string,
  paging: Paging = 'optional',
): void {
  reply.header('Total-Number', String(total));
  const query = (reply.request.query ?? {}) as PageQuery;
  if (!isPaged(query, paging)) return;
  const size = query.page_size ?? defaultPageSize;
  const last = Math.max(1, Math.ceil(Number(total) / size));
  reply.header('Link', pageLinks(new URL(reply.request.url, 'http://localhost'), query.page ?? 1, last));
}

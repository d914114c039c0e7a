import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** `?page=1&page_size=20`, as Logto's management API pages. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export type PageQuery = z.infer<typeof pageQuery>;

export function pageBounds({ page, page_size }: PageQuery): { limit: number; offset: number } {
  return { limit: page_size, offset: (page - 1) * page_size };
}

/** The total count travels in the `Total-Number` header, the page itself as the body. */
export function sendTotal(reply: FastifyReply, total: number | bigint | string): void {
  reply.header('Total-Number', String(total));
}

import { z } from 'zod';

/** Every list answers `{ data, meta: { page, pages, total } }`; pages are counted from 1. */
export const paginationMetaSchema = z.object({
  page: z.number().int().min(1),
  pages: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type PaginationMeta = z.infer<typeof paginationMetaSchema>;

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: paginationMetaSchema });
}
export type Paginated<T> = { data: T[]; meta: PaginationMeta };

/** Query parameters shared by paged lists. `limit` is bounded so a client cannot ask for everything. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

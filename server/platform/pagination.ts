import type { Paginated } from '../../contracts/pagination.ts';

export type PageRequest = { page: number; limit: number };

export function pageOffset({ page, limit }: PageRequest): number {
  return (page - 1) * limit;
}

/** `{ data, meta: { page, pages, total } }` from one page of rows and the total count. */
export function paginate<T>(rows: T[], total: number, { page, limit }: PageRequest): Paginated<T> {
  return { data: rows, meta: { page, pages: Math.ceil(total / limit), total } };
}

import { infiniteQueryOptions } from '@tanstack/react-query';
import { gifListSchema, type Gif, type GifList } from '../../../contracts/gifs';
import { api } from '../../api/client';

export type { Gif, GifList };

export const gifKeys = {
  all: ['gifs'] as const,
  list: (query: string) => [...gifKeys.all, query ? 'search' : 'trending', query] as const,
};

/** One page of the GIF panel: trending while the query is empty, else the search (spec GIF-01, GIF-02). */
export function fetchGifPage(query: string, offset: number, signal?: AbortSignal): Promise<GifList> {
  return query
    ? api.get('/gifs/search', { query: { query, offset }, schema: gifListSchema, signal })
    : api.get('/gifs/trending', { query: { offset }, schema: gifListSchema, signal });
}

/**
 * Pages by the server's `nextOffset` (null at the end). Silent: spec §8 wants GIF loading errors only in the
 * console, never as a notification; the panel logs them.
 */
export const gifListQuery = (query: string) =>
  infiniteQueryOptions({
    queryKey: gifKeys.list(query),
    queryFn: ({ pageParam, signal }) => fetchGifPage(query, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.meta.nextOffset ?? undefined,
    // Trending changes slowly and every call spends the provider's quota.
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

/** The GIFs of every loaded page; the provider may repeat one across pages, so each id counts once. */
export function gifsOfPages(pages: readonly GifList[] | undefined): Gif[] {
  const seen = new Set<string>();
  const gifs: Gif[] = [];
  for (const gif of pages?.flatMap((page) => page.data) ?? []) {
    if (!seen.has(gif.id)) {
      seen.add(gif.id);
      gifs.push(gif);
    }
  }
  return gifs;
}

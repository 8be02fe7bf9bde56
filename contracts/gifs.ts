import { z } from 'zod';
import { maxLength } from './validation/length-rules.ts';
import { requiredCheck } from './validation/required.ts';
import { validationKeys } from './validation/keys.ts';

/*
 * The GIF panel (spec rows GIF-01, GIF-02): trending and search with infinite scroll by offset. The server
 * asks the provider (Giphy) with its own key, so the browser never sees it.
 */

export const gifLimits = {
  pageSize: 25,
  /** Giphy's ceiling for a beta key's page. */
  maxPageSize: 50,
  /** Giphy answers no further than offset 4999; the panel stops scrolling there. */
  maxOffset: 4999,
  queryLength: 100,
} as const;

const offset = z.coerce.number().int().min(0).max(gifLimits.maxOffset).default(0);
const limit = z.coerce.number().int().min(1).max(gifLimits.maxPageSize).default(gifLimits.pageSize);

/** `GET /gifs/trending?offset&limit`. */
export const gifTrendingQuerySchema = z.object({ offset, limit });
export type GifTrendingQuery = z.output<typeof gifTrendingQuerySchema>;

/** `GET /gifs/search?query&offset&limit`: the query is trimmed first, so spaces alone count as empty. */
export const gifSearchQuerySchema = z.object({
  query: z
    .string({ error: validationKeys.required })
    .trim()
    .check(requiredCheck<string>(), maxLength(gifLimits.queryLength)),
  offset,
  limit,
});
export type GifSearchQuery = z.output<typeof gifSearchQuerySchema>;

export const gifSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The animated image to insert into a post or message. */
  url: z.string(),
  /** A small animated rendition (200 px wide) for the panel's grid. */
  previewUrl: z.string(),
  width: z.number().int().min(0),
  height: z.number().int().min(0),
  previewWidth: z.number().int().min(0),
  previewHeight: z.number().int().min(0),
});
export type Gif = z.infer<typeof gifSchema>;

export const gifListMetaSchema = z.object({
  offset: z.number().int().min(0),
  /** GIFs in `data`. */
  count: z.number().int().min(0),
  /** What the provider says it has for this request (not every GIF is reachable, see `nextOffset`). */
  total: z.number().int().min(0),
  /** The `offset` of the next page; null at the end (the panel stops loading). */
  nextOffset: z.number().int().min(0).nullable(),
});
export const gifListSchema = z.object({ data: z.array(gifSchema), meta: gifListMetaSchema });
export type GifList = z.infer<typeof gifListSchema>;

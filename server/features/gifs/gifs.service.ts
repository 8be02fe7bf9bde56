import type { Logger } from 'pino';
import { errorCodes } from '../../../contracts/errors.ts';
import {
  gifLimits,
  type GifList,
  type GifSearchQuery,
  type GifTrendingQuery,
} from '../../../contracts/gifs.ts';
import type { Language } from '../../../contracts/language.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';
import { createAnswerCache } from '../../platform/answer-cache.ts';
import { createGiphyClient, type GifPage, type GiphyClient } from './giphy.client.ts';

/** Scrolling back and forth through the panel repeats the same requests; each costs API quota. */
const cacheOptions = { maxEntries: 200, ttlMs: 60_000 };

export type GifService = ReturnType<typeof createGifService>;

/** The GIF panel's catalogue: trending and search from the provider, cached briefly. Off without an API key. */
export function createGifService(deps: { config: Config['gifs']; logger: Logger }) {
  const { apiKey } = deps.config;
  const client: GiphyClient | undefined = apiKey
    ? createGiphyClient({ config: { ...deps.config, apiKey }, logger: deps.logger })
    : undefined;
  const cache = createAnswerCache<GifList>(cacheOptions);

  function requireClient(): GiphyClient {
    if (!client) {
      throw new AppError(503, errorCodes.featureDisabled);
    }
    return client;
  }

  return {
    enabled: client !== undefined,

    async trending(query: GifTrendingQuery): Promise<GifList> {
      const provider = requireClient();
      const key = JSON.stringify(['trending', query.offset, query.limit]);
      return cache.getOrLoad(key, async () => toGifList(query.offset, await provider.trending(query)));
    },

    async search(query: GifSearchQuery, language: Language): Promise<GifList> {
      const provider = requireClient();
      const key = JSON.stringify(['search', language, query.query, query.offset, query.limit]);
      return cache.getOrLoad(key, async () =>
        toGifList(query.offset, await provider.search({ ...query, language })),
      );
    },
  };
}

/**
 * The next page starts after every item the provider returned (malformed ones were dropped, not unseen), and
 * there is none once the total or the provider's offset ceiling is reached.
 */
export function toGifList(offset: number, page: GifPage): GifList {
  const next = offset + page.count;
  const hasMore = page.count > 0 && next < page.total && next <= gifLimits.maxOffset;
  return {
    data: page.gifs,
    meta: { offset, count: page.gifs.length, total: page.total, nextOffset: hasMore ? next : null },
  };
}

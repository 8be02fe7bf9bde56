import type { Logger } from 'pino';
import { z } from 'zod';
import { errorCodes } from '../../../contracts/errors.ts';
import type { Gif } from '../../../contracts/gifs.ts';
import type { Language } from '../../../contracts/language.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';

/*
 * Client of the Giphy API (developers.giphy.com/docs/api/endpoint): `GET /v1/gifs/trending` and
 * `GET /v1/gifs/search` with the key in `api_key`. The key is in every URL, so URLs are never logged and
 * never put into an error; what leaves this file names only the endpoint.
 */

export type GifPage = {
  gifs: Gif[];
  offset: number;
  /** Items the provider returned, malformed ones included: the next page starts after all of them. */
  count: number;
  total: number;
};

export type GiphyClient = {
  /** One GIF by its id (`GET /v1/gifs/{gif_id}`); undefined when Giphy has none by that id. */
  byId(id: string): Promise<Gif | undefined>;
  trending(page: { offset: number; limit: number }): Promise<GifPage>;
  search(request: { query: string; offset: number; limit: number; language: Language }): Promise<GifPage>;
};

/** Giphy refuses longer search phrases; the rest of a longer query adds nothing to the search. */
const giphyQueryLength = 50;

// Giphy sends dimensions as strings ("480"); numbers are accepted too in case that ever changes.
const dimension = z
  .union([z.number(), z.string().regex(/^\d+$/).transform(Number)])
  .pipe(z.number().int().min(0));

const renditionSchema = z.object({
  // Only web addresses: the URL ends up in an <img> and in posts.
  url: z.url({ protocol: /^https?$/ }),
  width: dimension,
  height: dimension,
  webp: z
    .url({ protocol: /^https?$/ })
    .optional()
    .catch(undefined),
});
type Rendition = z.infer<typeof renditionSchema>;

const giphyGifSchema = z.object({
  id: z.string().min(1),
  title: z.string().catch(''),
  images: z.object({
    original: renditionSchema,
    fixed_width: renditionSchema,
    // Below 2 MB; preferred for inserting, the original can be tens of megabytes.
    downsized: renditionSchema.optional().catch(undefined),
  }),
});

const giphyAnswerSchema = z.object({
  // Items are checked one by one, so one malformed GIF does not cost the whole page.
  data: z.array(z.unknown()),
  pagination: z.object({
    offset: z.number().int().min(0),
    count: z.number().int().min(0),
    total_count: z.number().int().min(0).optional(),
  }),
  meta: z.object({ status: z.number().int() }).optional(),
});

/** `GET /v1/gifs/{gif_id}`: one item (an empty array or object when there is none). */
const giphySingleAnswerSchema = z.object({
  data: z.unknown(),
  meta: z.object({ status: z.number().int() }).optional(),
});

/**
 * Where the browser loads GIF images from, for the CSP's img-src: Giphy's media hosts (media0-4.giphy.com,
 * i.giphy.com) for the real service, else the origin of the configured provider (a local Giphy-speaking server).
 */
export function gifImageOrigins(gifs: Config['gifs']): string[] {
  if (!gifs.apiKey) {
    return [];
  }
  const api = new URL(gifs.baseUrl);
  return api.hostname === 'giphy.com' || api.hostname.endsWith('.giphy.com')
    ? ['https://*.giphy.com']
    : [api.origin];
}

export function toGif(item: z.infer<typeof giphyGifSchema>): Gif {
  const main: Rendition = item.images.downsized ?? item.images.original;
  const preview = item.images.fixed_width;
  return {
    id: item.id,
    title: item.title,
    url: main.url,
    previewUrl: preview.webp ?? preview.url,
    width: main.width,
    height: main.height,
    previewWidth: preview.width,
    previewHeight: preview.height,
  };
}

/** Maps a Giphy answer body to a page of GIFs; anything but the documented shape is a provider failure. */
export function parseGiphyAnswer(body: unknown): GifPage | undefined {
  const answer = giphyAnswerSchema.safeParse(body);
  if (!answer.success || (answer.data.meta && answer.data.meta.status !== 200)) {
    return undefined;
  }
  const { data, pagination } = answer.data;
  const gifs = data.flatMap((raw) => {
    const item = giphyGifSchema.safeParse(raw);
    return item.success ? [toGif(item.data)] : [];
  });
  return {
    gifs,
    offset: pagination.offset,
    count: pagination.count,
    // Not every endpoint reports a total; what was seen so far is the least there is.
    total: pagination.total_count ?? pagination.offset + pagination.count,
  };
}

export function createGiphyClient(options: {
  config: Config['gifs'] & { apiKey: string };
  logger: Logger;
}): GiphyClient {
  const { apiKey, baseUrl, rating, timeoutMs } = options.config;
  const logger = options.logger.child({ provider: 'giphy' });
  const redact = (text: string) =>
    text.split(apiKey).join('[key]').split(encodeURIComponent(apiKey)).join('[key]');

  /** Logs why the provider failed (without the key) and answers the caller with 503. */
  function unavailable(endpoint: string, reason: string, details: Record<string, unknown> = {}): AppError {
    const level = details.status === 401 || details.status === 403 ? 'error' : 'warn';
    logger[level]({ endpoint, reason, ...details }, 'GIF provider request failed');
    return new AppError(503, errorCodes.serviceUnavailable, {
      cause: new Error(`Giphy ${endpoint}: ${reason}`),
    });
  }

  /** The JSON body of a GET; undefined for the statuses in `missing` (the provider has no such thing). */
  async function fetchJson(
    endpoint: string,
    parameters: Record<string, string>,
    missing: readonly number[] = [],
  ): Promise<unknown> {
    const url = new URL(`${baseUrl.replace(/\/+$/, '')}${endpoint}`);
    url.search = new URLSearchParams({ api_key: apiKey, ...parameters }).toString();
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, { signal, headers: { accept: 'application/json' } });
    } catch (error) {
      throw unavailable(endpoint, isTimeout(error) ? 'timeout' : 'unreachable', errorDetails(error, redact));
    }
    if (missing.includes(response.status)) {
      await response.body?.cancel().catch(() => undefined);
      return undefined;
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw unavailable(endpoint, 'error status', {
        status: response.status,
        body: redact(text.slice(0, 300)),
      });
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      // The timeout covers the body too: a stalled body is a timeout, not malformed JSON.
      throw unavailable(
        endpoint,
        isTimeout(error) ? 'timeout' : 'malformed JSON',
        errorDetails(error, redact),
      );
    }
    return body;
  }

  async function get(endpoint: string, parameters: Record<string, string>): Promise<GifPage> {
    const page = parseGiphyAnswer(await fetchJson(endpoint, parameters));
    if (!page) {
      throw unavailable(endpoint, 'unexpected answer');
    }
    return page;
  }

  return {
    async byId(id) {
      const endpoint = '/v1/gifs/{gif_id}';
      // Giphy answers an unknown or malformed id with 404 or 400.
      const body = await fetchJson(`/v1/gifs/${encodeURIComponent(id)}`, {}, [400, 404]);
      if (body === undefined) {
        return undefined;
      }
      const answer = giphySingleAnswerSchema.safeParse(body);
      if (!answer.success) {
        throw unavailable(endpoint, 'unexpected answer');
      }
      if (answer.data.meta && answer.data.meta.status !== 200) {
        return undefined;
      }
      const item = giphyGifSchema.safeParse(answer.data.data);
      return item.success && item.data.id === id ? toGif(item.data) : undefined;
    },
    trending: ({ offset, limit }) =>
      get('/v1/gifs/trending', { limit: String(limit), offset: String(offset), rating }),
    search: ({ query, offset, limit, language }) =>
      get('/v1/gifs/search', {
        q: Array.from(query).slice(0, giphyQueryLength).join(''),
        limit: String(limit),
        offset: String(offset),
        rating,
        lang: language,
      }),
  };
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** fetch's "fetch failed" says little; the cause (ECONNREFUSED, ENOTFOUND, …) says what went wrong. */
function errorDetails(error: unknown, redact: (text: string) => string): Record<string, unknown> {
  const cause = error instanceof Error ? error.cause : undefined;
  return {
    error: redact(error instanceof Error ? error.message : String(error)),
    ...(cause instanceof Error ? { cause: redact(cause.message) } : {}),
  };
}

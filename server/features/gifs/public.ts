import type { Logger } from 'pino';
import type { Gif } from '../../../contracts/gifs.ts';
import type { Config } from '../../config.ts';
import { createAnswerCache } from '../../platform/answer-cache.ts';
import { createGiphyClient } from './giphy.client.ts';

/*
 * The GIF service's public module: other features (a chat message's GIF) look a GIF up by its id at the
 * provider, so what they store comes from the provider and never from the client.
 */

export type GifLookup = {
  /** Whether the deployment has a GIF service (an API key). */
  enabled: boolean;
  /** The GIF of that id; undefined when the provider has none or there is no service. 503 when it fails. */
  byId(id: string): Promise<Gif | undefined>;
};

export function createGifLookup(deps: { config: Config['gifs']; logger: Logger }): GifLookup {
  const { apiKey } = deps.config;
  if (!apiKey) {
    return { enabled: false, byId: () => Promise.resolve(undefined) };
  }
  const client = createGiphyClient({ config: { ...deps.config, apiKey }, logger: deps.logger });
  // A GIF sent again (the same reaction in many chats) costs the provider's quota once in a while.
  const cache = createAnswerCache<Gif | null>({ maxEntries: 500, ttlMs: 10 * 60_000 });
  return {
    enabled: true,
    byId: async (id) => (await cache.getOrLoad(id, async () => (await client.byId(id)) ?? null)) ?? undefined,
  };
}

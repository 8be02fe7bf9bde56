import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** One shared Redis connection (rate-limit counters, later the socket.io adapter), only when REDIS_URL is set. */
export function connectRedis(url: string | undefined, logger: Logger): Redis | undefined {
  if (!url) {
    return undefined;
  }
  // Commands wait for the (re)connection instead of failing at once; callers fall back when it takes too long.
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  redis.on('error', (error) => logger.warn({ err: error }, 'redis connection problem'));
  return redis;
}

import type { Redis } from 'ioredis';
import { AppError } from './errors.ts';
import { errorCodes } from '../../contracts/errors.ts';

export type LimitWindow = { seconds: number; max: number };

/** Discourse's limits for sign-in attempts: 6 per minute and 30 per hour, per IP and per login. */
export const signInWindows: LimitWindow[] = [
  { seconds: 60, max: 6 },
  { seconds: 3600, max: 30 },
];

/**
 * Counts attempts per key in several fixed windows at once (the per-route limiter knows one window and one key).
 * Counters live in Redis when configured, so every instance sees the same numbers.
 */
export type AttemptLimiter = {
  /** Counts one attempt for every key; throws 429 RATE_LIMITED when any key is over any window. */
  hit(bucket: string, keys: string[], windows?: LimitWindow[]): Promise<void>;
};

export function createAttemptLimiter(redis: Redis | undefined): AttemptLimiter {
  const local = memoryCounter();
  // Redis shares counters between instances; while it is unreachable each instance still limits on its own.
  const count: Counter = redis
    ? (() => {
        const shared = redisCounter(redis);
        return (key, windowSeconds) => shared(key, windowSeconds).catch(() => local(key, windowSeconds));
      })()
    : local;
  return {
    async hit(bucket, keys, windows = signInWindows) {
      let retryAfterSeconds = 0;
      for (const key of keys) {
        for (const window of windows) {
          const { value, ttlSeconds } = await count(
            `gemeinde:attempts:${bucket}:${window.seconds}:${key}`,
            window.seconds,
          );
          if (value > window.max) {
            retryAfterSeconds = Math.max(retryAfterSeconds, ttlSeconds);
          }
        }
      }
      if (retryAfterSeconds > 0) {
        throw new AppError(429, errorCodes.rateLimited, { details: { retryAfterSeconds } });
      }
    },
  };
}

type Counter = (key: string, windowSeconds: number) => Promise<{ value: number; ttlSeconds: number }>;

function redisCounter(redis: Redis): Counter {
  return async (key, windowSeconds) => {
    const results = await redis.multi().incr(key).expire(key, windowSeconds, 'NX').ttl(key).exec();
    const value = Number(results?.[0]?.[1] ?? 0);
    const ttl = Number(results?.[2]?.[1] ?? windowSeconds);
    return { value, ttlSeconds: ttl > 0 ? ttl : windowSeconds };
  };
}

function memoryCounter(): Counter {
  const counters = new Map<string, { value: number; resetAt: number }>();
  return async (key, windowSeconds) => {
    const now = Date.now();
    if (counters.size > 50_000) {
      for (const [staleKey, entry] of counters) {
        if (entry.resetAt <= now) {
          counters.delete(staleKey);
        }
      }
    }
    const entry = counters.get(key);
    const current = entry && entry.resetAt > now ? entry : { value: 0, resetAt: now + windowSeconds * 1000 };
    current.value += 1;
    counters.set(key, current);
    return { value: current.value, ttlSeconds: Math.ceil((current.resetAt - now) / 1000) };
  };
}

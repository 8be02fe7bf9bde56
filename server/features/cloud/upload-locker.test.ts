import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger.ts';
import { createUploadLocker } from './upload-locker.ts';

const redisUrl = process.env.REDIS_URL;
let redis: Redis | undefined;
beforeAll(() => {
  redis = redisUrl ? new Redis(redisUrl) : undefined;
});
afterAll(async () => {
  await redis?.quit();
});

const logger = createLogger('silent');
const options = { ttlMs: 1_000, acquireTimeoutMs: 5_000, pollMs: 10 };
const noRelease = () => undefined;

describe.skipIf(!redisUrl)(
  redisUrl
    ? 'the upload lock across instances (Redis)'
    : 'the upload lock across instances (skipped: needs REDIS_URL)',
  () => {
    it('lets one instance at a time hold an upload, past the TTL while held, and hands it over on unlock', async () => {
      // Separate lockers stand for separate processes: they share nothing but Redis.
      const id = randomBytes(8).toString('hex');
      const held = createUploadLocker(redis, logger, options).newLock(id);
      await held.lock(new AbortController().signal, noRelease);
      // Waiting 2.5 TTLs: without the holder's renewal the key would have expired and this would succeed.
      const impatient = createUploadLocker(redis, logger, { ...options, acquireTimeoutMs: 2_500 });
      await expect(impatient.newLock(id).lock(new AbortController().signal, noRelease)).rejects.toMatchObject(
        {
          status_code: 500,
        },
      );
      await held.unlock();
      const next = createUploadLocker(redis, logger, options).newLock(id);
      await next.lock(new AbortController().signal, noRelease);
      await next.unlock();
      expect(await redis!.exists(`lock:tus:${id}`)).toBe(0);
    });

    it('gives up when the holder keeps the lock, and never releases a lock it no longer owns', async () => {
      const id = randomBytes(8).toString('hex');
      const other = createUploadLocker(redis, logger, { ...options, acquireTimeoutMs: 200 });
      await redis!.set(`lock:tus:${id}`, 'someone-else', 'PX', 10_000);
      await expect(other.newLock(id).lock(new AbortController().signal, noRelease)).rejects.toMatchObject({
        status_code: 500,
      });
      // A holder whose lock expired and was taken over: its unlock leaves the new owner's lock alone.
      await redis!.del(`lock:tus:${id}`);
      const stale = createUploadLocker(redis, logger, options).newLock(id);
      await stale.lock(new AbortController().signal, noRelease);
      await redis!.set(`lock:tus:${id}`, 'new-owner', 'PX', 10_000);
      await stale.unlock();
      expect(await redis!.get(`lock:tus:${id}`)).toBe('new-owner');
      await redis!.del(`lock:tus:${id}`);
    });
  },
);

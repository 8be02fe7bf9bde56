import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { MemoryLocker } from '@tus/server';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { TusError } from './uploads.tus.ts';

/*
 * The lock that keeps two requests of one upload from interleaving, across every web instance (issue 12).
 *
 * With Redis: `SET key token NX PX ttl`, renewed while held, released only by its token (a Lua compare and
 * delete), so a lock that expired and was taken by someone else is never released by its former holder. A
 * process that dies holding a lock blocks the upload for at most `ttlMs`. Inside one process the requests
 * also queue on tus's MemoryLocker first, which asks a running request of the same upload to stop (a client
 * that resumes after a dropped connection would otherwise wait for its own stale request).
 *
 * Without Redis (embedded mode, one process): the MemoryLocker alone.
 */

const releaseScript = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const renewScript = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

export type UploadLockOptions = { ttlMs: number; acquireTimeoutMs: number; pollMs: number };

export const defaultUploadLockOptions: UploadLockOptions = {
  ttlMs: 10_000,
  acquireTimeoutMs: 30_000,
  pollMs: 50,
};

export function createUploadLocker(
  redis: Redis | undefined,
  logger: Logger,
  options: UploadLockOptions = defaultUploadLockOptions,
): Locker {
  const local = new MemoryLocker({ acquireLockTimeout: options.acquireTimeoutMs });
  if (!redis) {
    return local;
  }
  return { newLock: (id) => new RedisLock(`lock:tus:${id}`, local.newLock(id), redis, logger, options) };
}

class RedisLock implements Lock {
  private readonly token = randomUUID();
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly key: string,
    private readonly local: Lock,
    private readonly redis: Redis,
    private readonly logger: Logger,
    private readonly options: UploadLockOptions,
  ) {}

  async lock(signal: AbortSignal, cancelReq: RequestRelease): Promise<void> {
    await this.local.lock(signal, cancelReq);
    try {
      await this.acquire(signal);
    } catch (error) {
      await this.local.unlock();
      throw error;
    }
    this.renewal = setInterval(() => void this.renew(), Math.floor(this.options.ttlMs / 3));
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    try {
      await this.redis.eval(releaseScript, 1, this.key, this.token);
    } finally {
      await this.local.unlock();
    }
  }

  private async acquire(signal: AbortSignal): Promise<void> {
    const deadline = Date.now() + this.options.acquireTimeoutMs;
    for (;;) {
      const taken = await this.redis.set(this.key, this.token, 'PX', this.options.ttlMs, 'NX');
      if (taken === 'OK') {
        return;
      }
      if (signal.aborted || Date.now() >= deadline) {
        throw TusError.of(ERRORS.ERR_LOCK_TIMEOUT);
      }
      await delay(this.options.pollMs, undefined, { signal }).catch(() => undefined);
    }
  }

  private async renew(): Promise<void> {
    try {
      const renewed = await this.redis.eval(renewScript, 1, this.key, this.token, String(this.options.ttlMs));
      if (renewed !== 1) {
        this.logger.warn({ key: this.key }, 'upload lock lost while held');
      }
    } catch (error) {
      this.logger.warn({ err: error, key: this.key }, 'upload lock renewal failed');
    }
  }
}

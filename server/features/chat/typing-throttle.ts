import type { Redis } from 'ioredis';

/*
 * Typing is told at most once per interval per person and chat (issue 17). With Redis the mark is shared by
 * every instance (`SET NX PX`), so a client whose calls land on several instances is still told once; without
 * Redis (the embedded mode, one process) it lives in memory.
 */

export type TypingThrottle = {
  /** True when this person's typing in this chat may be told now (and marks it for the interval). */
  admit(profileId: string, chatId: string): Promise<boolean>;
};

export function createTypingThrottle(redis: Redis | undefined, intervalMs: number): TypingThrottle {
  const local = new Map<string, number>();
  const admitLocally = (key: string) => {
    const now = Date.now();
    if (local.size > 10_000) {
      for (const [stale, until] of local) {
        if (until <= now) {
          local.delete(stale);
        }
      }
    }
    if ((local.get(key) ?? 0) > now) {
      return false;
    }
    local.set(key, now + intervalMs);
    return true;
  };
  return {
    async admit(profileId, chatId) {
      const key = `gemeinde:chat-typing:${chatId}:${profileId}`;
      if (!redis) {
        return admitLocally(key);
      }
      try {
        return (await redis.set(key, '1', 'PX', intervalMs, 'NX')) === 'OK';
      } catch {
        // Redis away: each instance throttles on its own meanwhile.
        return admitLocally(key);
      }
    },
  };
}

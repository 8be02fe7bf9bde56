/**
 * A small in-memory LRU of provider answers with a time to live. It keeps the promise, so identical requests
 * that arrive while the first is still under way share one provider call; a failed call is forgotten at once,
 * so the next request tries again.
 */
export type AnswerCache<T> = {
  getOrLoad(key: string, load: () => Promise<T>): Promise<T>;
  readonly size: number;
};

export function createAnswerCache<T>(options: {
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
}): AnswerCache<T> {
  const { maxEntries, ttlMs, now = Date.now } = options;
  const entries = new Map<string, { answer: Promise<T>; expiresAt: number }>();

  return {
    get size() {
      return entries.size;
    },
    getOrLoad(key, load) {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) {
        // Re-inserting moves the key to the end: the Map's order is the recency order.
        entries.delete(key);
        entries.set(key, hit);
        return hit.answer;
      }
      entries.delete(key);
      const answer = load();
      entries.set(key, { answer, expiresAt: now() + ttlMs });
      answer.catch(() => {
        if (entries.get(key)?.answer === answer) {
          entries.delete(key);
        }
      });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) {
          break;
        }
        entries.delete(oldest);
      }
      return answer;
    },
  };
}

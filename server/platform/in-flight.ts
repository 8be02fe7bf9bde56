/**
 * Counts route handlers still running. A client that hangs up does not stop its handler, and Fastify's close()
 * does not wait for such handlers; shutdown waits here before it closes the database under them.
 */
export type InFlight = {
  track<T>(work: () => Promise<T>): Promise<T>;
  drain(timeoutMs: number): Promise<boolean>;
  readonly count: number;
};

export function createInFlight(): InFlight {
  let count = 0;
  let idle: (() => void)[] = [];
  return {
    get count() {
      return count;
    },
    async track(work) {
      count++;
      try {
        return await work();
      } finally {
        count--;
        if (count === 0) {
          idle.forEach((resolve) => resolve());
          idle = [];
        }
      }
    },
    async drain(timeoutMs) {
      if (count === 0) {
        return true;
      }
      let timer: NodeJS.Timeout | undefined;
      const drained = await Promise.race([
        new Promise<boolean>((resolve) => idle.push(() => resolve(true))),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), timeoutMs);
        }),
      ]);
      clearTimeout(timer);
      return drained;
    },
  };
}
